"""The files a club copies to run its own server (``docs/deploy/``, README "A club's own
server"): the systemd unit and the Caddyfile are valid, agree with each other and with
the README, and the Caddyfile's access log leaves every key out.

The structure of both is read here in Python, and the log's filter applied to addresses;
where the machine has the tools, they check the files too (``systemd-analyze verify``,
``caddy validate``, and Caddy in front of the app, its log read back).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.browser.tls import free_port

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "docs" / "deploy" / "scorekeeper.service"
CADDYFILE = ROOT / "docs" / "deploy" / "Caddyfile"
#: Where the unit expects the app (a clone of the repository).
HOME = "/srv/scorekeeper"
KEY = "AbCdEfGhIjKlMnOpQrStUvWxYz012345"
GAME = "0123456789abcdef0123"


# --- The service unit ---------------------------------------------------------------------


def unit_settings() -> dict[str, list[str]]:
    """``Section.Key`` -> every value given (``Environment`` may repeat)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key}", []).append(value)
    return settings


def test_the_unit_runs_the_server_as_the_readme_sets_it_up(tmp_path):
    """Its settings read here; and, where systemd is, ``systemd-analyze verify`` on the
    unit as copied, with the app where this checkout is (the unit names its programs)."""
    settings = unit_settings()
    assert set(s.split(".")[0] for s in settings) == {"Unit", "Service", "Install"}
    assert settings["Service.ExecStart"] == [
        f"{HOME}/.venv/bin/python -m scorekeeper --host 127.0.0.1 --port 5000"]
    assert settings["Service.WorkingDirectory"] == [HOME]
    environment = dict(v.split("=", 1) for v in settings["Service.Environment"])
    assert environment == {"SCOREKEEPER_HOSTS": "scores.club.example",
                           "SCOREKEEPER_HTTPS": "1"}
    assert settings["Service.ReadWritePaths"] == [f"{HOME}/instance"]
    assert settings["Install.WantedBy"] == ["multi-user.target"]
    readme = (ROOT / "README.md").read_text()
    assert "docs/deploy/scorekeeper.service" in readme and "docs/deploy/Caddyfile" in readme
    if shutil.which("systemd-analyze") is None:
        return
    unit = tmp_path / "scorekeeper.service"
    unit.write_text(UNIT.read_text().replace(HOME, str(ROOT)))
    run = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 and not run.stdout.strip() and not run.stderr.strip(), (
        run.stdout + run.stderr)


# --- The Caddyfile ------------------------------------------------------------------------


def words(line: str) -> list[str]:
    """A Caddyfile line's words, braces and quoted strings, its comment left out."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars="{}")
    lexer.whitespace_split, lexer.commenters = True, "#"
    return list(lexer)


def blocks(text: str) -> list[tuple[list[str], list]]:
    """The Caddyfile as a tree: each line's words with the block it opens (a line ends a
    directive; ``{`` opens a block, ``}`` closes one)."""
    tree: list[tuple[list[str], list]] = []
    stack = [tree]
    for raw in text.splitlines():
        line: list[str] = []
        for word in words(raw):
            if word == "{":
                children: list = []
                stack[-1].append((line, children))
                stack.append(children)
                line = []
            elif word == "}":
                stack.pop()
                assert stack, "a } closes no block"
            else:
                line.append(word)
        if line:
            stack[-1].append((line, []))
    assert len(stack) == 1, "a { is never closed"
    return tree


def find(tree, *path: str):
    """The block under the lines starting with each of ``path`` in turn."""
    for words, children in tree:
        if words and words[0] == path[0]:
            return children if len(path) == 1 else find(children, *path[1:])
    raise AssertionError(f"no {' > '.join(path)} in the Caddyfile")


def redaction() -> tuple[re.Pattern, str]:
    """The access log's filter of the request's address (Go's ``${1}`` is Python's ``\\1``)."""
    fields = find(blocks(CADDYFILE.read_text()), "scores.club.example", "log", "format",
                  "fields")
    rules = {words[0]: words[1:] for words, _ in fields}
    assert rules["request>headers>X-Director-Key"] == ["delete"]
    assert rules["request>headers>X-Series-Key"] == ["delete"]
    kind, pattern, replacement = rules["request>uri"]
    assert kind == "regexp"
    assert rules["request>headers>Referer"] == rules["resp_headers>Location"] == [
        kind, pattern, replacement]
    return re.compile(pattern), replacement.replace("${1}", r"\1")


def test_the_caddyfile_sends_the_site_to_the_unit_and_logs_no_key(tmp_path):
    """Its structure and its log filter read here; and, where Caddy is, ``caddy
    validate`` and Caddy itself in front of the app (:func:`caddy_logs_no_key`)."""
    tree = blocks(CADDYFILE.read_text())
    site = find(tree, "scores.club.example")
    proxies = [words for words, _ in site if words[0] == "reverse_proxy"]
    port = unit_settings()["Service.ExecStart"][0].split("--port ")[1]
    assert proxies == [["reverse_proxy", f"127.0.0.1:{port}"]]
    pattern, replacement = redaction()
    for seen, logged in [
        (f"/events/abcdefghijklmnop/director/{KEY}?new=1",
         "/events/abcdefghijklmnop/director/REDACTED?new=1"),
        (f"/series/abcdefghijklmnop/director/{KEY}", "/series/abcdefghijklmnop/director/REDACTED"),
        (f"/games/{GAME}/export.json", "/games/REDACTED/export.json"),
        (f"/api/v1/games/{GAME}", "/api/v1/games/REDACTED"),
        (f"/tournament/{GAME}", "/tournament/REDACTED"),
        ("/games/offline", "/games/offline"), ("/events", "/events"),
    ]:
        assert pattern.sub(replacement, seen) == logged
    caddy = shutil.which("caddy")
    if caddy is None:
        return
    caddy_validates(caddy, tmp_path)
    caddy_logs_no_key(caddy, tmp_path)


def caddy_validates(caddy: str, tmp_path: Path) -> None:
    config = tmp_path / "Caddyfile"
    config.write_text(CADDYFILE.read_text().replace("/var/log/caddy/", f"{tmp_path}/"))
    run = subprocess.run([caddy, "validate", "--config", str(config), "--adapter",
                          "caddyfile"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "HOME": str(tmp_path),
                              "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)})
    assert run.returncode == 0 and "Valid configuration" in run.stdout + run.stderr, (
        run.stdout + run.stderr)


def wait_for(url: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            assert time.monotonic() < deadline, f"{url} never answered"
            time.sleep(0.1)


def caddy_logs_no_key(caddy: str, tmp_path: Path) -> None:
    """The Caddyfile as it is, but on plain HTTP on free ports: a director's link, a
    program's key header, a game's link and the redirect to a new event's director's
    page all reach the app; the access log holds none of the keys or links."""
    app_port, site_port = free_port(), free_port()
    log = tmp_path / "scorekeeper.log"
    config = tmp_path / "live" / "Caddyfile"
    config.parent.mkdir()
    config.write_text("{\n\tadmin off\n}\n\n" + CADDYFILE.read_text()
                      .replace("scores.club.example {", f"http://127.0.0.1:{site_port} {{")
                      .replace("127.0.0.1:5000", f"127.0.0.1:{app_port}")
                      .replace("/var/log/caddy/scorekeeper.log", str(log)))
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path)}
    app = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--port", str(app_port)],
                           cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env={**os.environ,
                                "SCOREKEEPER_DATABASE": str(tmp_path / "club.sqlite")})
    proxy = subprocess.Popen([caddy, "run", "--config", str(config), "--adapter",
                              "caddyfile"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env)
    site = f"http://127.0.0.1:{site_port}"
    try:
        wait_for(f"http://127.0.0.1:{app_port}/healthz")
        wait_for(f"{site}/healthz")
        asked = [
            urllib.request.Request(f"{site}/events/abcdefghijklmnop/director/{KEY}?new=1",
                                   headers={"Referer": f"{site}/series/x/director/{KEY}"}),
            urllib.request.Request(f"{site}/api/v1/events/abcdefghijklmnop/rounds",
                                   method="POST", headers={"X-Director-Key": KEY,
                                                           "X-Series-Key": KEY}),
            urllib.request.Request(f"{site}/games/{GAME}"),
        ]
        for request in asked:
            with pytest.raises(urllib.error.HTTPError):  # no such event or game: 404
                urllib.request.urlopen(request, timeout=30)
        deadline = time.monotonic() + 10
        while log.read_text().count("\n") < len(asked):
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
    finally:
        proxy.terminate()
        app.terminate()
        proxy.wait(timeout=10)
        app.wait(timeout=10)
    logged = log.read_text()
    assert KEY not in logged and GAME not in logged, logged
    assert logged.count("/director/REDACTED") == 2 and "/games/REDACTED" in logged
