"""Shared fixtures: the repository's games and the `tabula` binary the tests compare against."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "games").glob("*.game")) + sorted((ROOT / "games" / "variants").glob("*.game"))


@pytest.fixture(scope="session")
def tabula_bin(pytestconfig) -> Path:
    """`$TABULA_BIN`, else the debug or release build of the root crate, built if missing."""
    if os.environ.get("TABULA_BIN"):
        return Path(os.environ["TABULA_BIN"])
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "tabula"
        if path.exists():
            return path
    # Building the root crate takes minutes on a fresh clone: say so, and let cargo's own
    # progress through, rather than seem to hang.
    with pytestconfig.pluginmanager.getplugin("capturemanager").global_and_fixture_disabled():
        print(f"\nbuilding {ROOT / 'target' / 'debug' / 'tabula'} (cargo build; set TABULA_BIN to use another)")
        subprocess.run(["cargo", "build", "--bin", "tabula"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug" / "tabula"
