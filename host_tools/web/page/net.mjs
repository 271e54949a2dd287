// The page at an evening: the firmware's ardoise/net.py, unchanged, decides
// what goes to the evening's broker and when; this carries its commands out
// with mqtt.js (the npm package, its browser build served beside the page)
// over WebSockets, and hands back what mqtt.js says.
//
// The glue's side is host_tools/web/webnet.py: net.py connects, subscribes
// and publishes through it as through a board's socket and umqtt.simple
// (webmqtt.py); each connection net.py makes is one mqtt.js client here,
// which never reconnects by itself: net.py does, spaced out as on a board,
// and after a connection it sends again every line the organiser's /have
// says it lacks. The browser's online state is the board's Wi-Fi.

const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function bytes(text) {
  const out = new Uint8Array(text.length / 2);
  for (let index = 0; index < out.length; index++) {
    out[index] = parseInt(text.substr(index * 2, 2), 16);
  }
  return out;
}

export class Net {
  // `board`: the glue (webboard); `changed()`: called when the sign may have changed.
  constructor(board, changed) {
    this.board = board;
    this.changed = changed;
    this.mqtt = null;
    this.clients = new Map(); // net.py's connection id -> its mqtt.js client
    this.status = {};
  }

  async start() {
    this.mqtt = (await import("./mqtt.esm.js")).default;
    const online = () => {
      this.board.net_online(navigator.onLine ? 1 : 0);
      this.changed();
    };
    addEventListener("online", online);
    addEventListener("offline", online);
    online();
  }

  // What mqtt.js said of connection `id`, for net.py (webnet.event).
  tell(id, ...said) {
    this.board.net_event(JSON.stringify([id, ...said]));
    this.changed();
  }

  // Carry out what net.py asked since the last call (after each poll).
  pump() {
    if (!this.mqtt) return;
    let commands;
    try {
      commands = JSON.parse(this.board.net_commands());
    } catch (error) {
      console.error(error);
      return;
    }
    for (const [id, kind, ...rest] of commands) {
      try {
        this[kind](id, ...rest);
      } catch (error) {
        console.error(error); // a client that threw: net.py hears it closed
        this.end(id);
        this.tell(id, "closed");
      }
    }
  }

  connect(id, options) {
    const will = options.will;
    const client = this.mqtt.connect(`ws://${options.host}:${options.port}/`, {
      clientId: options.client_id,
      username: options.user,
      password: options.password,
      keepalive: options.keepalive,
      clean: options.clean,
      protocolVersion: 4, // MQTT 3.1.1, as umqtt.simple speaks
      reconnectPeriod: 0, // net.py connects again, spaced out
      connectTimeout: 10000,
      resubscribe: false,
      will: will && {
        topic: will.topic,
        payload: bytes(will.payload),
        qos: will.qos,
        retain: will.retain,
      },
    });
    this.clients.set(id, client);
    let refused = false;
    client.on("connect", () => this.tell(id, "up"));
    client.on("message", (topic, payload) => this.tell(id, "message", topic, hex(payload)));
    client.on("error", (error) => {
      // A CONNACK's refusal has its return code (4: user or password, 5: not
      // authorised); any other error (the WebSocket's) ends in "close".
      if (typeof error.code === "number" && !refused) {
        refused = true;
        this.tell(id, "refused", error.code);
      }
    });
    client.on("close", () => {
      if (this.clients.get(id) !== client) return; // net.py ended it already
      this.end(id);
      this.tell(id, "closed");
    });
  }

  subscribe(id, topic, qos) {
    this.clients.get(id)?.subscribe(topic, { qos });
  }

  publish(id, topic, payload, retain, qos) {
    this.clients.get(id)?.publish(topic, bytes(payload), { qos, retain });
  }

  end(id) {
    const client = this.clients.get(id);
    if (!client) return;
    this.clients.delete(id);
    client.end(true); // at once: what was not acknowledged goes again from /have
  }

  // The evening's sign for the page: {link: "up", "" or "refused", online, sent}.
  sign() {
    try {
      return JSON.parse(this.board.net_status());
    } catch {
      return {};
    }
  }
}
