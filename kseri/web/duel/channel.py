"""A WebRTC data channel between two devices on one network: no STUN or TURN server, host candidates only,
paired by one code each way (:mod:`kseri.table.duel.direct` writes and reads the codes).

The offering side makes a code (:meth:`DirectLink.offer`); the other pastes it and answers with a code
of its own (:meth:`DirectLink.answer`); the first pastes that (:meth:`DirectLink.finish`). The channel
then carries the match's messages as text, exactly what a link would carry. When the devices cannot
reach each other (another network, a router that keeps devices apart, a browser that hides its
addresses behind mDNS names the other cannot resolve) the connection fails or never opens within
:data:`OPEN_WITHIN` seconds, and the page says so and goes on with links.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from js import console
from pyodide.ffi import JsProxy, create_proxy
from pyscript import window

from kseri.table.duel.direct import description, from_code, to_code
from kseri.web.dom import exists, js_object

__all__ = ["GATHER_WITHIN", "OPEN_WITHIN", "DirectLink"]

GATHER_WITHIN = 4.0
"""Seconds to wait for the device's own addresses (host candidates come at once; the rest is not waited for)."""
OPEN_WITHIN = 25.0
"""Seconds after the second code for the channel to open before the page gives up on it."""


class DirectLink:
    """One data channel (its states: ``new``, ``waiting`` for the other code, ``connecting``, ``open``,
    ``failed``, ``closed``)."""

    def __init__(self, on_text: Callable[[str], None], on_state: Callable[[str], None]) -> None:
        self.on_text = on_text
        self.on_state = on_state
        self.state = "new"
        self._pc: Any = None
        self._channel: Any = None
        self._proxies: list[JsProxy] = []
        self._watcher: asyncio.Future[None] | None = None

    def _proxy(self, handler: Callable[[Any], None]) -> JsProxy:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        return proxy

    def _set(self, state: str) -> None:
        if state == "connecting" and self.state == "open":
            return  # the channel opened already (on one machine it can open before the step that began it ends)
        if state != self.state:
            self.state = state
            self.on_state(state)

    def _connection(self) -> Any:
        pc = window.RTCPeerConnection.new(js_object({"iceServers": []}))
        self._pc = pc

        def changed(_event: Any) -> None:
            value = str(pc.connectionState)
            if value == "failed":
                self._set("failed")
            elif value == "closed":
                self._set("closed")

        pc.addEventListener("connectionstatechange", self._proxy(changed))
        return pc

    def _wire(self, channel: Any) -> None:
        self._channel = channel

        def opened(_event: Any) -> None:
            self._set("open")

        def message(event: Any) -> None:
            data = event.data
            if isinstance(data, str):
                self.on_text(data)

        def closed(_event: Any) -> None:
            if self.state == "open":
                self._set("closed")

        channel.addEventListener("open", self._proxy(opened))
        channel.addEventListener("message", self._proxy(message))
        channel.addEventListener("close", self._proxy(closed))

    async def _gathered(self) -> str:
        pc = self._pc
        waited = 0.0
        while str(pc.iceGatheringState) != "complete" and waited < GATHER_WITHIN:
            await asyncio.sleep(0.05)
            waited += 0.05
        return str(pc.localDescription.sdp)

    async def offer(self) -> str:
        """This device's code (the first of the two)."""
        pc = self._connection()
        self._wire(pc.createDataChannel("kseri", js_object({"ordered": True})))
        await pc.setLocalDescription(await pc.createOffer())
        code = to_code(await self._gathered(), offer=True)
        self._set("waiting")
        return code

    async def answer(self, offer_code: str) -> str:
        """The answer to the friend's code (:class:`~kseri.table.duel.errors.DuelError` if it is none)."""
        signal = from_code(offer_code)
        if not signal.offer:
            from kseri.table.duel.errors import DuelError
            raise DuelError("this is an answer code: paste it on the device that made the first code")
        pc = self._connection()

        def arrived(event: Any) -> None:
            self._wire(event.channel)

        pc.addEventListener("datachannel", self._proxy(arrived))
        await pc.setRemoteDescription(js_object({"type": "offer", "sdp": description(signal)}))
        await pc.setLocalDescription(await pc.createAnswer())
        code = to_code(await self._gathered(), offer=False)
        self._set("connecting")  # (not over "open": see _set)
        self._watcher = asyncio.ensure_future(self._watch())
        return code

    async def finish(self, answer_code: str) -> None:
        """The friend's answer to this device's code."""
        signal = from_code(answer_code)
        if signal.offer:
            from kseri.table.duel.errors import DuelError
            raise DuelError("this is a first code: paste it on the other device")
        self._set("connecting")  # before the answer is taken: the channel may open while it is
        await self._pc.setRemoteDescription(js_object({"type": "answer", "sdp": description(signal)}))
        self._watcher = asyncio.ensure_future(self._watch())

    async def _watch(self) -> None:
        waited = 0.0
        while self.state == "connecting" and waited < OPEN_WITHIN:
            await asyncio.sleep(0.25)
            waited += 0.25
        if self.state == "connecting":
            self._set("failed")

    def send(self, text: str) -> bool:
        """Send ``text``; False if the channel is not open (the page then offers the link)."""
        channel = self._channel
        if self.state != "open" or not exists(channel):
            return False
        try:
            channel.send(text)
            return True
        except Exception as exc:  # closed under our feet: the link is the way
            console.warn(f"kseri: direct send failed: {type(exc).__name__}")
            self._set("failed")
            return False

    def close(self) -> None:
        if exists(self._pc):
            with contextlib.suppress(Exception):  # already closed
                self._pc.close()
        self._set("closed")
