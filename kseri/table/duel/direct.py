"""Pairing two browsers on one network without a server: each side's WebRTC session description cut to
what a data channel between host candidates needs, as a short code to paste (``docs/formats.md``
§"Playing a friend: direct connection codes").

A code holds: whether it is the offer or the answer, the ICE user fragment and password, the DTLS
certificate's SHA-256 fingerprint, the DTLS role, and the host candidates (an IPv4 or IPv6
address, or the browser's ``<uuid>.local`` mDNS name, with a UDP port). :func:`description` writes
the session description back from it. No STUN or TURN server is involved: only the devices'
own addresses, so two devices that cannot reach each other directly stay apart (the page then
offers links).

>>> sdp = '''v=0
... o=- 4 2 IN IP4 127.0.0.1
... a=ice-ufrag:Pnoc
... a=ice-pwd:0123456789abcdefghijklmn
... a=fingerprint:sha-256 ''' + ":".join(["AB"] * 32) + '''
... a=setup:actpass
... a=candidate:3386671889 1 udp 2113937151 192.0.2.2 56877 typ host generation 0 network-cost 999
... a=candidate:1 1 udp 2113937151 c0fe90a0-63a6-4b99-b9e2-6cca9c914649.local 59791 typ host generation 0
... a=candidate:2 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active'''
>>> code = to_code(sdp, offer=True)
>>> len(code) < 140
True
>>> again = from_code(code)
>>> again.offer, again.ufrag, again.candidates
(True, 'Pnoc', (('192.0.2.2', 56877), ('c0fe90a0-63a6-4b99-b9e2-6cca9c914649.local', 59791)))
>>> "a=candidate:1 1 udp 2113937151 192.0.2.2 56877 typ host" in description(again)
True
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import uuid
from dataclasses import dataclass

from kseri.table.duel.errors import DuelError

__all__ = ["Signal", "description", "encode", "from_code", "parse", "to_code"]

VERSION = 1
_SETUPS = ("actpass", "active", "passive")
_CANDIDATE = re.compile(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host", re.IGNORECASE)
_MDNS = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$")
MAX_CANDIDATES = 8


@dataclass(frozen=True, kw_only=True, slots=True)
class Signal:
    """One side's part of the pairing."""

    offer: bool
    ufrag: str
    pwd: str
    fingerprint: bytes
    setup: str
    candidates: tuple[tuple[str, int], ...]


def parse(sdp: str, *, offer: bool) -> Signal:
    """The parts of a browser's session description (``pc.localDescription.sdp``) a code keeps."""
    fields: dict[str, str] = {}
    candidates: list[tuple[str, int]] = []
    for line in sdp.splitlines():
        line = line.strip()
        for name in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):
            if line.startswith(f"a={name}:") and name not in fields:
                fields[name] = line.split(":", 1)[1].strip()
        found = _CANDIDATE.match(line)
        if found and len(candidates) < MAX_CANDIDATES:
            address, port = found.group(1), int(found.group(2))
            if _address_bytes(address) is not None and (address, port) not in candidates:
                candidates.append((address, port))
    missing = [name for name in ("ice-ufrag", "ice-pwd", "fingerprint") if name not in fields]
    if missing:
        raise DuelError(f"the session description has no {missing[0]}")
    algorithm, _, digest = fields["fingerprint"].partition(" ")
    try:
        print_bytes = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise DuelError("the session description's fingerprint is not hexadecimal") from None
    if algorithm.lower() != "sha-256" or len(print_bytes) != 32:
        raise DuelError("the session description's fingerprint is not SHA-256")
    setup = fields.get("setup", "actpass")
    return Signal(offer=offer, ufrag=fields["ice-ufrag"], pwd=fields["ice-pwd"], fingerprint=print_bytes,
                  setup=setup if setup in _SETUPS else "actpass", candidates=tuple(candidates))


def _address_bytes(address: str) -> bytes | None:
    """A candidate's address as bytes: 4 (IPv4), 16 (IPv6) or 16 (an mDNS name's UUID); None for anything else."""
    if _MDNS.match(address.lower()):
        return uuid.UUID(address[:-6]).bytes
    try:
        return ipaddress.ip_address(address).packed
    except ValueError:
        return None


def to_code(sdp: str, *, offer: bool) -> str:
    """The code for a session description."""
    return encode(parse(sdp, offer=offer))


def encode(signal: Signal) -> str:
    """A pairing's code (:func:`from_code` reads it back)."""
    ufrag, pwd = signal.ufrag.encode(), signal.pwd.encode()
    out = bytearray((VERSION, int(signal.offer) | (_SETUPS.index(signal.setup) << 1)))
    out += bytes((len(ufrag),)) + ufrag + bytes((len(pwd),)) + pwd + signal.fingerprint
    out += bytes((len(signal.candidates),))
    for address, port in signal.candidates:
        raw = _address_bytes(address)
        assert raw is not None
        kind = 2 if _MDNS.match(address.lower()) else (4 if len(raw) == 4 else 6)
        out += bytes((kind,)) + raw + port.to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


def from_code(text: str) -> Signal:
    """Read a code (white space ignored); :class:`DuelError` in one line if it is none."""
    body = "".join(str(text).split())
    if not body or len(body) > 1000 or not re.fullmatch(r"[A-Za-z0-9_-]+", body):
        raise DuelError("this is not a connection code (paste the whole code your friend's page shows)")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise DuelError("this connection code is cut short or garbled") from None
    at = 0

    def take(n: int) -> bytes:
        nonlocal at
        if at + n > len(raw):
            raise DuelError("this connection code is cut short")
        chunk = raw[at:at + n]
        at += n
        return chunk

    if take(1)[0] != VERSION:
        raise DuelError("this connection code is from another version of the game")
    flags = take(1)[0]
    if flags >> 1 >= len(_SETUPS):
        raise DuelError("this connection code is garbled")
    try:
        ufrag = take(take(1)[0]).decode("ascii")
        pwd = take(take(1)[0]).decode("ascii")
    except UnicodeDecodeError:
        raise DuelError("this connection code is garbled") from None
    if not (re.fullmatch(r"[A-Za-z0-9+/]{4,256}", ufrag) and re.fullmatch(r"[A-Za-z0-9+/]{22,256}", pwd)):
        raise DuelError("this connection code is garbled")
    fingerprint = take(32)
    candidates = []
    for _ in range(min(take(1)[0], MAX_CANDIDATES)):
        kind = take(1)[0]
        if kind == 2:
            address = f"{uuid.UUID(bytes=take(16))}.local"
        elif kind in (4, 6):
            address = str(ipaddress.ip_address(take(4 if kind == 4 else 16)))
        else:
            raise DuelError("this connection code is garbled")
        candidates.append((address, int.from_bytes(take(2), "big")))
    if at != len(raw):
        raise DuelError("this connection code has bytes too many")
    return Signal(offer=bool(flags & 1), ufrag=ufrag, pwd=pwd, fingerprint=fingerprint, setup=_SETUPS[flags >> 1],
                  candidates=tuple(candidates))


def description(signal: Signal) -> str:
    """A session description for the browser (``setRemoteDescription``) from a code: one data channel."""
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for n, (address, port) in enumerate(signal.candidates, 1):
        lines.append(f"a=candidate:{n} 1 udp 2113937151 {address} {port} typ host generation 0")
    lines += [f"a=ice-ufrag:{signal.ufrag}", f"a=ice-pwd:{signal.pwd}", "a=ice-options:trickle",
              "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in signal.fingerprint),
              f"a=setup:{signal.setup}", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"
