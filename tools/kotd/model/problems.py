"""Data problems: every one names the file, the place in it and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class DataError(Exception):
    """Raised when the data cannot be loaded; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class Problems:
    """Collects problems while loading and checking, so one run reports them all."""

    items: list[Problem] = field(default_factory=list)

    def add(self, file: str, line: int | None, path: str, message: str) -> None:
        self.items.append(Problem(file, line, path, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise DataError(self.items)
