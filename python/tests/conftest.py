"""Shared fixtures: the repository's games and the `tabula` binary the tests compare against."""

import contextlib
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
    # progress through to the terminal (past pytest's capture), rather than seem to hang.
    path = ROOT / "target" / "debug" / "tabula"
    command = ["cargo", "build", "--bin", "tabula"]
    capture = pytestconfig.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
        print(f"\n{path} is missing: building it with `{' '.join(command)}` in {ROOT} (set TABULA_BIN to use another)",
              flush=True)
        try:
            built = subprocess.run(command, cwd=ROOT).returncode == 0
        except FileNotFoundError:
            built = False
    if not built or not path.exists():
        pytest.exit(f"could not build {path}: run `{' '.join(command)}` in {ROOT}, or set TABULA_BIN", returncode=1)
    return path
