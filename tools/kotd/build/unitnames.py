"""The units' names for a front end's unit display (manual IV: "displaying its name"),
packed for the front ends' text sections (port/asm/atari_frontend_text.s, the text
section of port/asm/apple_frontend.s), unpacked by port/asm/unit_name.s.

The names of data/units.yaml, in unit order, each ended by 0.  A byte $20-$5F is an
ATASCII character; a byte $80 + k stands for word k of a dictionary the build chooses:
the words (with the blank before them where they are not a name's first) whose
replacement saves the most bytes.  The dictionary's words are 0-ended too.  About 890
bytes of names pack into about 450 (`unit_names_source` says how many).
"""

from __future__ import annotations

from collections import Counter

from ..model.types import Model

TOKEN = 0x80            # word k of the dictionary is the byte TOKEN + k
MAX_WORDS = 0x80
MAX_LENGTH = 40       # one screen row (atari_unit_name.s does not check)


def _pieces(name: str) -> list[str]:
    """A name as the pieces a dictionary word can replace: its first word, then each
    further word with the blank before it."""
    words = name.split(" ")
    return [words[0]] + [" " + w for w in words[1:]]


def _encode(name: str, index: dict[str, int]) -> bytes:
    """One name: from its first piece on, the longest run of pieces (one or two) that is
    a dictionary word becomes its byte; a piece that is none stays as characters."""
    pieces, out, k = _pieces(name), bytearray(), 0
    while k < len(pieces):
        pair = "".join(pieces[k:k + 2])
        if k + 1 < len(pieces) and pair in index:
            out.append(TOKEN + index[pair])
            k += 2
        elif pieces[k] in index:
            out.append(TOKEN + index[pieces[k]])
            k += 1
        else:
            out += pieces[k].encode("ascii")
            k += 1
    return bytes(out) + b"\0"


def _size(names: list[str], words: list[str]) -> int:
    index = {w: k for k, w in enumerate(words)}
    return sum(len(w) + 1 for w in words) + sum(len(_encode(n, index)) for n in names)


def choose_words(names: list[str]) -> list[str]:
    """The dictionary, grown one word at a time: of the pieces and the runs of two
    pieces that occur more than once, the one that makes the whole (names and
    dictionary) smallest, while one does; in the order chosen."""
    runs = Counter()
    for n in names:
        p = _pieces(n)
        runs.update(p)
        runs.update(p[k] + p[k + 1] for k in range(len(p) - 1))
    candidates = sorted(r for r, c in runs.items() if c > 1 and len(r) > 1)
    words, size = [], _size(names, [])
    while len(words) < MAX_WORDS:
        best = min(candidates, key=lambda c: (_size(names, words + [c]), c), default=None)
        if best is None or _size(names, words + [best]) >= size:
            return words
        words.append(best)
        candidates.remove(best)
        size = _size(names, words)
    return words


def pack(names: list[str]) -> tuple[list[str], list[bytes]]:
    """(the dictionary, each name's bytes with its 0)."""
    for n in names:
        bad = [ch for ch in n if not 0x20 <= ord(ch) < 0x60]
        if bad:
            raise ValueError(f"data/units.yaml: unit name {n!r}: {bad[0]!r} is not an upper-case ATASCII character")
        if len(n) > MAX_LENGTH:
            raise ValueError(f"data/units.yaml: unit name {n!r}: {len(n)} characters, the screen row holds {MAX_LENGTH}")
    words = choose_words(names)
    index = {w: k for k, w in enumerate(words)}
    return words, [_encode(n, index) for n in names]


def unpack(words: list[str], data: bytes) -> list[str]:
    """The names back from the packed bytes (the 6502 routine's rule, for the tests)."""
    names, cur = [], ""
    for b in data:
        if b == 0:
            names.append(cur)
            cur = ""
        elif b >= TOKEN:
            cur += words[b - TOKEN]
        else:
            cur += chr(b)
    return names


def unit_names_source(model: Model, mark: str) -> tuple[str, int, int]:
    """port/asm/generated/unit_names.s: the labels unit_words and unit_names; (the text,
    the names' bytes in data/, the packed bytes)."""
    names = [u.name for u in model.units]
    words, packed = pack(names)
    size = sum(len(w) + 1 for w in words) + sum(len(p) for p in packed)
    lines = [f"; {mark}", "; the units' names (data/units.yaml), packed: tools/kotd/build/unitnames.py",
             f"; {sum(len(n) for n in names)} characters in {size} bytes: {len(words)} words, {len(names)} names",
             "unit_words:"]
    for k, w in enumerate(words):
        lines.append(f"    .byte {', '.join(str(b) for b in w.encode('ascii'))}, 0        ; ${TOKEN + k:02X} {w!r}")
    lines.append("unit_names:")
    for u, p in zip(model.units, packed):
        lines.append(f"    .byte {', '.join(str(b) for b in p)}        ; {u.number} {u.name}")
    return "\n".join(lines) + "\n", sum(len(n) for n in names), size


def write_source(model: Model, mark: str) -> None:
    """port/asm/generated/unit_names.s (:func:`unit_names_source`), for either front end;
    ValueError for a name a front end cannot show."""
    from . import paths, write_if_changed
    text, _, _ = unit_names_source(model, mark)
    write_if_changed(paths.GENERATED_DIR / "unit_names.s", text)
