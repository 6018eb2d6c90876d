"""The repository's GitHub Actions workflows (.github/workflows/), checked here since nothing here
runs them: actionlint (its binary comes from PyPI with the test tools) finds no fault in any, and
the phone site's workflow builds the site the way the README does and publishes it on each push to main.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    binary = Path(sys.executable).with_name("actionlint")
    found = str(binary) if binary.exists() else shutil.which("actionlint")
    assert found, "actionlint missing: bash build/setup.sh --test installs it (pyproject.toml's test tools)"
    return subprocess.run([found, "-no-color", *map(str, files)], capture_output=True, text=True, timeout=120)


def test_actionlint_finds_nothing_wrong_in_any_workflow():
    assert [p.name for p in WORKFLOWS] == ["pages.yml"]
    done = actionlint(*WORKFLOWS)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_actionlint_does_find_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                      "      - run: echo ${{ steps.nowhere.outputs.x }}\n")
    done = actionlint(broken)
    assert done.returncode == 1
    assert 'property "nowhere" is not defined in object type {}' in done.stdout


def test_the_phone_site_is_built_as_the_readme_builds_it_and_published_on_each_push_to_main():
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    lines = [line.strip().removeprefix("- ") for line in text.splitlines()]
    for wanted in ("push:", "branches: [main]", "pages: write", "id-token: write", 'python-version: "3.11"',
                   "bash build/setup.sh --web", '.venv/bin/python build/web/build_site.py --base "${BASE_PATH}/"',
                   "uses: actions/upload-pages-artifact@v3", "path: build/out/web", "uses: actions/deploy-pages@v4"):
        assert wanted in lines, wanted
