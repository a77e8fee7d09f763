"""YAML documents that remember where every value came from.

Validation code reads values through :class:`Node` accessors.  A wrong value is
reported to the shared :class:`~kotd.model.problems.Problems` with file, line and
path (``units[3].ceiling``) and the accessor returns ``None`` so that checking can
go on and report every problem of a file in one run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import yaml

from .problems import Problems

_MISSING = object()


class Node:
    """One YAML value plus its origin (file, line, path)."""

    def __init__(self, value: Any, file: str, line: int | None, path: str, problems: Problems):
        self.value = value          # dict[str, Node] | list[Node] | scalar
        self.file = file
        self.line = line
        self.path = path
        self.problems = problems

    # -- reporting ---------------------------------------------------------
    def error(self, message: str) -> None:
        self.problems.add(self.file, self.line, self.path, message)

    def _child_path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else str(key)

    # -- structure ---------------------------------------------------------
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    def is_list(self) -> bool:
        return isinstance(self.value, list)

    def keys(self) -> list[str]:
        return list(self.value) if self.is_map() else []

    def req(self, key: str) -> "Node":
        """The child ``key`` of a mapping; a missing key is reported."""
        if not self.is_map():
            self.error("expected a mapping")
            return _null(self, key)
        if key not in self.value:
            self.error(f"missing key '{key}'")
            return _null(self, key)
        return self.value[key]

    def opt(self, key: str) -> "Node | None":
        if not self.is_map():
            return None
        return self.value.get(key)

    def items(self) -> Iterator[tuple[str, "Node"]]:
        if not self.is_map():
            if self.value is not None:
                self.error("expected a mapping")
            return iter(())
        return iter(self.value.items())

    def seq(self, length: int | None = None) -> list["Node"]:
        """The elements of a list, optionally of an exact length."""
        if not self.is_list():
            if self.value is not None or self.line is not None:
                self.error("expected a list")
            return []
        if length is not None and len(self.value) != length:
            self.error(f"expected {length} entries, found {len(self.value)}")
        return self.value

    def only_keys(self, *allowed: str) -> None:
        """Report keys that are not known (most often a typo)."""
        for key, child in self.items():
            if key not in allowed:
                child.error(f"unknown key '{key}' (known keys: {', '.join(allowed)})")

    # -- scalars -----------------------------------------------------------
    def int(self, lo: int | None = None, hi: int | None = None) -> int | None:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            if self.line is not None or v is not None:
                self.error(f"expected a whole number, found {_show(v)}")
            return None
        if lo is not None and v < lo or hi is not None and v > hi:
            self.error(f"{v} is out of range {lo if lo is not None else '-inf'}..{hi if hi is not None else 'inf'}")
            return None
        return v

    def str(self, choices: tuple[str, ...] | list[str] | None = None) -> str | None:
        v = self.value
        if not isinstance(v, str):
            if self.line is not None or v is not None:
                self.error(f"expected text, found {_show(v)}")
            return None
        if choices is not None and v not in choices:
            self.error(f"'{v}' is not one of {', '.join(choices)}")
            return None
        return v

    def bool(self) -> bool | None:
        if not isinstance(self.value, bool):
            if self.line is not None or self.value is not None:
                self.error(f"expected true or false, found {_show(self.value)}")
            return None
        return self.value

    def ints(self, length: int | None = None, lo: int | None = None, hi: int | None = None) -> list[int | None]:
        return [n.int(lo, hi) for n in self.seq(length)]


def _show(v: Any) -> str:
    if isinstance(v, (dict, list)):
        return "a mapping" if isinstance(v, dict) else "a list"
    return repr(v)


def _null(parent: Node, key: str | int) -> Node:
    # A stand-in for a missing value: accessors on it return None silently.
    return Node(None, parent.file, None, parent._child_path(key), parent.problems)


def load(path: Path, problems: Problems, display_name: str | None = None) -> Node | None:
    """Parse ``path``; syntax errors become problems and give ``None``."""
    name = display_name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        problems.add(name, None, "", f"cannot read file ({exc.strerror})")
        return None
    try:
        loader = yaml.SafeLoader(text)
        try:
            root = loader.get_single_node()
            return _convert(root, loader, name, "", problems) if root is not None else \
                Node({}, name, 1, "", problems)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problems.add(name, line, "", f"not valid YAML: {getattr(exc, 'problem', exc)}")
        return None


def _convert(node: yaml.Node, loader: yaml.SafeLoader, file: str, path: str, problems: Problems) -> Node:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            key = str(key)
            child_path = f"{path}.{key}" if path else key
            if key in out:
                problems.add(file, key_node.start_mark.line + 1, child_path, "key given twice")
            out[key] = _convert(value_node, loader, file, child_path, problems)
        return Node(out, file, line, path, problems)
    if isinstance(node, yaml.SequenceNode):
        items = [_convert(v, loader, file, f"{path}[{i}]", problems) for i, v in enumerate(node.value)]
        return Node(items, file, line, path, problems)
    return Node(loader.construct_object(node, deep=True), file, line, path, problems)
