"""Proofs of the slate: random legal games, fuzzed input, power cuts (CPython helpers)."""
