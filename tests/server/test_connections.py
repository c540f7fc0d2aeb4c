"""The connection caps cannot be filled by a few addresses (issue 24, item 9): upgraded
WebSockets do not count against the HTTP cap, a newcomer evicts an idle or partial
connection of the biggest holder, the last connections are kept for addresses that hold
few, and IPv6 addresses count by their /64. The server tests run a real `regalia serve`
with small caps and connect from distinct loopback addresses (127.0.0.x)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from regalia.server.limits import client_key, client_of
from regalia.server.ws import Sockets
from tests.server.process import Server, serve

CAPS = {
    "REGALIA_CONNECTIONS": "40",
    "REGALIA_CONNECTIONS_HEADROOM": "8",
    "REGALIA_CONNECTIONS_PER_CLIENT": "16",
    "REGALIA_HEADER_SECONDS": "60",  # the partial requests here wait for the test, not a timer
}


def test_ipv6_addresses_count_by_their_64_prefix() -> None:
    one = client_key("2001:db8:7:1::1")
    assert one == client_key("2001:db8:7:1:ffff:ee:dd:cc") == "2001:db8:7:1::/64"
    assert one != client_key("2001:db8:7:2::1")
    assert client_key("::ffff:203.0.113.9") == "203.0.113.9"  # an IPv4 client on a v6 socket
    assert client_key("203.0.113.9") == "203.0.113.9"
    assert client_key("fe80::1%eth0") == "fe80::/64"
    assert client_key("testclient") == "testclient"  # not an address: as it is
    # Every per-address limit (writes, analyses, sockets, sign-in) reads the address here.
    assert client_of({"client": ("2001:db8:7:1::abcd", 5000)}) == one


def test_websockets_have_a_cap_of_their_own_in_all() -> None:
    sockets = Sockets(per_client=2, total=3)
    assert [sockets.enter(a) for a in ("10.0.0.1", "10.0.0.1", "10.0.0.1")] == [True, True, False]
    assert sockets.enter("10.0.0.2") and not sockets.enter("10.0.0.3")  # 3 in all
    sockets.leave("10.0.0.1")
    assert sockets.enter("10.0.0.3") and sockets.count == 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("connections")
    with serve(data, data / "server.log", **CAPS) as running:
        yield running


def _connect(server: Server, address: str) -> socket.socket:
    port = int(server.base.rsplit(":", 1)[1])
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(address, 0))


def _get(server: Server, address: str) -> int:
    """A health check from `address`: its status (0: closed without an answer)."""
    with _connect(server, address) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1") else 0


def _websocket(server: Server, address: str, table: str) -> socket.socket:
    sock = _connect(server, address)
    sock.sendall(
        f"GET /ws/tables/{table} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    assert sock.recv(4096).startswith(b"HTTP/1.1 101")
    return sock


def _partial(server: Server, address: str) -> socket.socket:
    sock = _connect(server, address)
    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # the headers never end
    return sock


def _settle(socks: list[socket.socket]) -> list[socket.socket]:
    """The ones the server has closed, after it has had a moment to handle them."""
    time.sleep(0.5)
    closed = []
    for sock in socks:
        sock.setblocking(False)
        try:
            if sock.recv(4096) == b"":
                closed.append(sock)
        except BlockingIOError:
            pass
        except OSError:
            closed.append(sock)
    return closed


@pytest.mark.slow
def test_idle_websockets_do_not_count_against_the_http_cap(server: Server) -> None:
    table = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "regulator", "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()["table"]["id"]
    # 60 spectators' sockets from three addresses, half again the HTTP cap of 40.
    sockets = [_websocket(server, f"127.0.0.{2 + n % 3}", table) for n in range(60)]
    try:
        assert not _settle(sockets)  # all still open
        assert [_get(server, "127.0.0.9") for _ in range(5)] == [200] * 5
    finally:
        for sock in sockets:
            sock.close()


@pytest.mark.slow
def test_slow_headers_from_many_addresses_leave_room_for_others(server: Server) -> None:
    # Ten addresses of seven half-sent requests: the first 32 fill the server but for its
    # headroom, which only addresses holding fewer than 8 may enter.
    crowd = [_partial(server, f"127.0.1.{1 + n % 10}") for n in range(70)]
    try:
        closed = _settle(crowd)
        assert 70 - len(closed) <= 40
        # Newcomers get in at once: the headroom, then evicting the oldest partial
        # connection of the address that holds the most.
        assert [_get(server, f"127.0.2.{n}") for n in range(1, 13)] == [200] * 12
    finally:
        for sock in crowd:
            sock.close()


@pytest.mark.slow
def test_a_full_server_evicts_a_partial_connection_of_its_biggest_holder(
    server: Server,
) -> None:
    # 40 addresses of one half-sent request each, the last with five: the server is full.
    crowd = [_partial(server, f"127.0.3.{n}") for n in range(1, 36)]
    biggest = [_partial(server, "127.0.3.200") for _ in range(5)]
    try:
        assert not _settle(crowd + biggest)
        assert _get(server, "127.0.4.1") == 200
        evicted = _settle(crowd + biggest)
        assert evicted == [biggest[0]]  # the oldest of the address holding the most
    finally:
        for sock in crowd + biggest:
            sock.close()
