"""A throw-away PostgreSQL server for the tests: initdb in a temporary folder, a free port on
127.0.0.1, stopped and deleted at the end.

The binaries are Debian's `postgresql` package (`.ci/run` installs it). `initdb` and `postgres`
refuse to run as root, so under root they run as the `postgres` user the package creates, with
the data folder given to that user. The server runs without fsync: it is thrown away, and the
crash tests kill the writers, not the server.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

AS_ROOT = os.geteuid() == 0
SERVER_USER = "postgres"


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (PG_BIN overrides), or None."""
    chosen = os.environ.get("PG_BIN")
    if chosen:
        return Path(chosen)
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3])
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self) -> None:
        bin_dir = binaries()
        if bin_dir is None:
            raise FileNotFoundError("no PostgreSQL server binaries (apt-get install postgresql)")
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="malecon-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if AS_ROOT:
            command = ["runuser", "-u", SERVER_USER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def start(self, durable: bool = False) -> Server:
        """`durable`: fsync and synchronous commits as in production (for measurements)."""
        if AS_ROOT:
            shutil.chown(self.folder, SERVER_USER, SERVER_USER)
        self._run(
            "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync",
            "-E", "UTF8", "--locale=C",
        )  # fmt: skip
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        options += " -c max_connections=200"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
            "-w", "start",
        )  # fmt: skip
        return self

    def database(self, name: str) -> str:
        return f"{self.url}/{name}"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
