"""The README's HTTPS set-up, made by a test: a self-signed certificate (``openssl``), the
server as a club runs it (``SCOREKEEPER_HTTPS=1 python -m scorekeeper``) and, in front,
a proxy that terminates TLS and passes every byte through, ``Host`` included, as Caddy
or nginx with ``proxy_set_header Host $host`` do."""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for ``localhost`` and its key, valid for a day."""
    openssl = shutil.which("openssl")
    assert openssl, "openssl is needed to make the test's certificate"
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for side in (source, sink):
            try:
                side.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class TlsProxy:
    """Terminates TLS on 127.0.0.1 and forwards each connection to ``backend`` unchanged."""

    def __init__(self, cert: Path, key: Path, backend: int) -> None:
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.load_cert_chain(cert, key)
        self.backend = backend
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                raw, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(raw,), daemon=True).start()

    def _serve(self, raw: socket.socket) -> None:
        try:
            client = self.context.wrap_socket(raw, server_side=True)
            server = socket.create_connection(("127.0.0.1", self.backend))
        except OSError:
            raw.close()
            return
        self.open += [client, server]
        threading.Thread(target=_pipe, args=(server, client), daemon=True).start()
        _pipe(client, server)

    def close(self) -> None:
        self.listener.close()
        for side in self.open:
            side.close()


@dataclass(frozen=True)
class Site:
    url: str
    """``https://localhost:<port>``"""
    cert: Path
    """The certificate a program trusts to reach it."""

    def context(self) -> ssl.SSLContext:
        """What a program that trusts this site's certificate connects with."""
        return ssl.create_default_context(cafile=str(self.cert))


@contextmanager
def https_site(folder: Path):
    """The app behind the proxy, on its own database (a :class:`Site`)."""
    cert, key = self_signed(folder)
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_HTTPS": "1",
           "SCOREKEEPER_DATABASE": str(folder / "club.sqlite")}
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1",
                               "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    proxy = None
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        proxy = TlsProxy(cert, key, port)
        yield Site(f"https://localhost:{proxy.port}", cert)
    finally:
        if proxy is not None:
            proxy.close()
        server.terminate()
        server.wait(timeout=10)
        server.stderr.close()
