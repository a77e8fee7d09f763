"""Which dialect and which kind a BASIC file is, and reading and writing each kind.

Extensions: ``.atb`` an Atari BASIC SAVE file; ``.apb`` an Applesoft program image with its
load address (kotd.basic.apple.apb_file); anything else is program text, whose dialect
is given (``--dialect``) or read from the path: a folder named ``atari`` or ``apple``
(port/basic/atari/..., port/basic/apple/...).  Atari text is ATASCII read as latin-1,
Applesoft text ASCII.
"""

from __future__ import annotations

from pathlib import Path

from . import apple, atari
from .errors import BasicError

TOKENIZED = {".atb": "atari", ".apb": "apple"}
EXTENSION = {dialect: suffix for suffix, dialect in TOKENIZED.items()}
TEXT_ENCODING = {"atari": "latin-1", "apple": "ascii"}


def dialect_of(path: Path, given: str | None) -> str:
    """The dialect of ``path``: ``given``, else its extension, else a folder name."""
    from_suffix = TOKENIZED.get(path.suffix.lower())
    if given and from_suffix and given != from_suffix:
        raise BasicError(f"a {path.suffix} file is {from_suffix}, not {given}")
    if given or from_suffix:
        return given or from_suffix
    for part in reversed(path.resolve().parts[:-1]):
        if part in ("atari", "apple"):
            return part
    raise BasicError("cannot tell the dialect from the file's name or folder: give --dialect")


def is_tokenized(path: Path) -> bool:
    return path.suffix.lower() in TOKENIZED


def read_text(path: Path, dialect: str) -> str:
    try:
        return path.read_bytes().decode(TEXT_ENCODING[dialect])
    except UnicodeDecodeError as exc:
        raise BasicError(f"byte ${exc.object[exc.start]:02X} at offset {exc.start} is not "
                         f"{TEXT_ENCODING[dialect].upper()}") from None


def tokenized_file(text: str, dialect: str, save_as: str | None = None) -> bytes:
    """The file ``kotd basic tokenize`` writes for a program text."""
    if dialect == "atari":
        return atari.tokenize(text, direct=f'SAVE "{save_as or "D:PROGRAM.BAS"}"')
    return apple.apb_file(apple.tokenize(text))


def listing(path: Path, dialect: str, form: str = "list") -> str:
    """LIST of a tokenized file, or of a text file once tokenized."""
    if is_tokenized(path):
        data = path.read_bytes()
        if dialect == "atari":
            return atari.detokenize(data)
        start, image = apple.read_apb(data)
        return apple.detokenize(image, start, form)
    text = read_text(path, dialect)
    if dialect == "atari":
        return atari.detokenize(atari.tokenize(text))
    return apple.detokenize(apple.tokenize(text), form=form)
