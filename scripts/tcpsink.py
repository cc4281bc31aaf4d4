#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""tcpsink.py PORT [--own-netns]: the host end of the board test's exact TCP
transfers, and its window on the host's UDP drops.

iperf3 cannot compare byte counts end to end: its server closes the data
socket as soon as the client says the test is over, dropping what is still
in flight. And TCP's checksum proves nothing on this board: QEMU's GMAC
model recomputes it on TX and the driver trusts the model's "checksum good"
on RX, so corrupted payload would go unnoticed. Here every byte is counted
and hashed by the side that reads it to the end.

One request per connection, on 127.0.0.1:PORT, as a first line:
  put      read until the peer shuts down its side, answer "BYTES MD5\\n"
  get N    send "MD5\\n" and then N bytes of a fixed pseudo-random stream
  udp-drops  answer "COUNT SCOPE\\n": the UDP datagrams this network
           namespace has dropped for a full socket receive buffer
           (/proc/net/snmp's RcvbufErrors; they reached the host, so the
           board delivered them) and SCOPE "netns" when the namespace is
           the boot's own (--own-netns: board.sh put the host-side servers
           and QEMU in one, so the count is theirs alone) or "host" (the
           whole machine's, other users' sockets included)
Each transfer is logged on stdout."""

import hashlib
import random
import socketserver
import sys

OWN_NETNS = "--own-netns" in sys.argv[2:]


def udp_rcvbuf_errors():
    """This network namespace's UDP RcvbufErrors."""
    with open("/proc/net/snmp") as f:
        udp = [ln.split() for ln in f if ln.startswith("Udp:")]
    return int(udp[1][udp[0].index("RcvbufErrors")])


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        req = self.rfile.readline().decode(errors="replace").split()
        if req == ["put"]:
            md5, count = hashlib.md5(), 0
            while chunk := self.rfile.read1(65536):
                md5.update(chunk)
                count += len(chunk)
            self.wfile.write(f"{count} {md5.hexdigest()}\n".encode())
            print(f"put: received {count} bytes, md5 {md5.hexdigest()}", flush=True)
        elif len(req) == 2 and req[0] == "get" and req[1].isdigit():
            data = random.Random(int(req[1])).randbytes(int(req[1]))
            digest = hashlib.md5(data).hexdigest()
            self.wfile.write(f"{digest}\n".encode() + data)
            print(f"get: sent {len(data)} bytes, md5 {digest}", flush=True)
        elif req == ["udp-drops"]:
            count = udp_rcvbuf_errors()
            scope = "netns" if OWN_NETNS else "host"
            self.wfile.write(f"{count} {scope}\n".encode())
            print(f"udp-drops: {count} ({scope})", flush=True)
        else:
            print(f"bad request {req!r}", flush=True)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    with Server(("127.0.0.1", int(sys.argv[1])), Handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
