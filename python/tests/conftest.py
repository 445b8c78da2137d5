"""Shared fixtures: the repository's games and the `tabula` binary the tests compare against."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "games").glob("*.game")) + sorted((ROOT / "games" / "variants").glob("*.game"))


@pytest.fixture(scope="session")
def tabula_bin() -> Path:
    """`$TABULA_BIN`, else the debug or release build of the root crate, built if missing."""
    if os.environ.get("TABULA_BIN"):
        return Path(os.environ["TABULA_BIN"])
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "tabula"
        if path.exists():
            return path
    subprocess.run(["cargo", "build", "--quiet", "--bin", "tabula"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug" / "tabula"
