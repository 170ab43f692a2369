"""The dev server (``scripts/serve``, and the browser tests' sites): a browser that goes away
mid-download is no error worth a traceback; any other error still gets one."""

from __future__ import annotations

import pytest

from devtools import serve


@pytest.mark.parametrize(("error", "told"), [(BrokenPipeError(32, "Broken pipe"), False),
                                             (ConnectionResetError(104, "reset"), False),
                                             (ValueError("a real bug"), True)])
def test_a_cut_off_reply_is_not_reported(error: BaseException, told: bool, capsys: pytest.CaptureFixture[str]) -> None:
    server = serve.make_server(port=0)
    try:
        try:
            raise error
        except BaseException:
            server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
    err = capsys.readouterr().err
    assert (type(error).__name__ in err) == told, err
