"""A ``python -m kseri bot`` process for tests: bytes in, one answer line out, with a watchdog."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))


class BotProcess:
    """The bot as a real process, spoken to in bytes (so any line can be sent)."""

    def __init__(self, *args: str, timeout: float = 120.0) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen([sys.executable, "-m", "kseri", "bot", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=ENV)

    def ask(self, line: str | bytes) -> str:
        """Send one line (a newline is added) and read the one answer line (without its newline).
        A bot that does not answer within ``timeout`` seconds is killed (the answer is then empty)."""
        data = line.encode("utf-8") if isinstance(line, str) else line
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        watchdog = threading.Timer(self.timeout, proc.kill)
        watchdog.start()
        try:
            proc.stdin.write(data + b"\n")
            proc.stdin.flush()  # the bot must answer before end of input: it flushes every line
            answer = proc.stdout.readline()
        finally:
            watchdog.cancel()
        return answer.decode("utf-8").rstrip("\n")

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def finish(self) -> tuple[int, str]:
        """Close its input; (exit status, everything it wrote on stderr)."""
        proc = self.proc
        assert proc.stdin is not None and proc.stderr is not None
        proc.stdin.close()
        code = proc.wait(timeout=self.timeout)
        err = proc.stderr.read().decode("utf-8", "replace")
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
        return code, err
