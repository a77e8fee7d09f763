"""Where the build reads and writes in the repository."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
ASM_DIR = REPO_ROOT / "port" / "asm"
GENERATED_DIR = ASM_DIR / "generated"
BASIC_DIR = REPO_ROOT / "port" / "basic"
