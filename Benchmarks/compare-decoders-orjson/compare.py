"""orjson's side of `make compare-decoders`.

`compare.py run orjson PAYLOAD FILE BATCHES DECODES` decodes FILE with orjson.loads BATCHES x DECODES
times and prints the best batch's MB/s and the digest of the values (the byte stream
Benchmarks/CompareDecoders/Digest.swift describes). orjson builds untyped Python objects: dates stay
strings and are parsed for the digest only, outside the timing, so its figure includes no date
parsing and no typing, as the issue's figures did not.
"""

import struct
import sys
import time
from datetime import datetime

import orjson


class Digest:
    def __init__(self):
        self.parts = []

    def int(self, value):
        self.parts.append(struct.pack("<q", value))

    def uint(self, value):
        self.parts.append(struct.pack("<Q", value))

    def double(self, value):
        self.parts.append(struct.pack("<d", value))

    def bool(self, value):
        self.parts.append(b"\x01" if value else b"\x00")

    def string(self, value):
        encoded = value.encode("utf-8")
        self.int(len(encoded))
        self.parts.append(encoded)

    def date(self, value):
        self.int(round(datetime.fromisoformat(value).timestamp() * 1000))

    def optional(self, value, add):
        if value is None:
            self.parts.append(b"\x00")
        else:
            self.parts.append(b"\x01")
            add(value)

    def list(self, values, add):
        self.int(len(values))
        for value in values:
            add(value)

    def hex(self):
        stream = b"".join(self.parts)
        stream += b"\x00" * (-len(stream) % 8)
        value = 0xCBF29CE484222325
        for (word,) in struct.iter_unpack("<Q", stream):
            value = ((value ^ word) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        return f"{value:016x}"


def movie(d, m):
    d.int(m["id"])
    d.string(m["title"])
    d.int(m["year"])
    d.double(m["rating"])
    d.list(m["genres"], d.string)
    d.bool(m["released"])
    d.optional(m.get("director"), lambda p: (d.int(p["id"]), d.string(p["name"])))


def numbers(d, n):
    for key in ("id", "int8", "int16", "int32", "int64"):
        d.int(n[key])
    d.uint(n["uint64"])
    for key in ("ratio", "price", "measurement", "extreme"):
        d.double(float(n[key]))


def user(d, u):
    d.string(u["login"])
    d.int(u["id"])
    d.string(u["node_id"])
    d.string(u["avatar_url"])
    d.string(u["html_url"])
    d.string(u["type"])
    d.bool(u["site_admin"])


def label(d, l):
    d.int(l["id"])
    d.string(l["node_id"])
    d.string(l["name"])
    d.string(l["color"])
    d.bool(l["default"])
    d.optional(l.get("description"), d.string)


def issue(d, i):
    d.int(i["id"])
    d.string(i["node_id"])
    d.int(i["number"])
    d.string(i["title"])
    user(d, i["user"])
    d.list(i["labels"], lambda l: label(d, l))
    d.string(i["state"])
    d.bool(i["locked"])
    d.optional(i.get("assignee"), lambda u: user(d, u))
    d.int(i["comments"])
    d.date(i["created_at"])
    d.date(i["updated_at"])
    d.optional(i.get("closed_at"), d.date)
    d.string(i["author_association"])
    d.string(i["html_url"])
    d.string(i["body"])


def commit(d, c):
    d.string(c["sha"])
    d.string(c["author"]["email"])
    d.string(c["author"]["name"])
    d.string(c["message"])
    d.bool(c["distinct"])
    d.string(c["url"])


def event(d, e):
    d.string(e["id"])
    a = e["actor"]
    d.int(a["id"])
    for key in ("login", "display_login", "gravatar_id", "url", "avatar_url"):
        d.string(a[key])
    d.int(e["repo"]["id"])
    d.string(e["repo"]["name"])
    d.string(e["repo"]["url"])
    kind, p = e["type"], e["payload"]
    d.string(kind)
    if kind == "PushEvent":
        for key in ("repository_id", "push_id", "size", "distinct_size"):
            d.int(p[key])
        for key in ("ref", "head", "before"):
            d.string(p[key])
        d.list(p["commits"], lambda c: commit(d, c))
    elif kind == "IssuesEvent":
        d.string(p["action"])
        i = p["issue"]
        d.int(i["id"])
        d.int(i["number"])
        d.string(i["title"])
        d.string(i["state"])
        d.int(i["comments"])
        d.list(i["labels"], d.string)
    elif kind == "WatchEvent":
        d.string(p["action"])
    elif kind == "CreateEvent":
        d.optional(p.get("ref"), d.string)
        d.string(p["ref_type"])
        d.string(p["master_branch"])
        d.optional(p.get("description"), d.string)
        d.string(p["pusher_type"])
    else:
        raise ValueError(f"unknown event type {kind}")
    d.bool(e["public"])
    d.date(e["created_at"])


WALKERS = {"movies": movie, "numbers": numbers, "issues": issue, "events": event}


def main(argv):
    if len(argv) != 6 or argv[0] != "run" or argv[1] != "orjson" or argv[2] not in WALKERS:
        sys.exit("usage: compare.py run orjson movies|issues|events|numbers FILE BATCHES DECODES")
    walk, batches, decodes = WALKERS[argv[2]], int(argv[4]), int(argv[5])
    with open(argv[3], "rb") as file:
        data = file.read()
    last = orjson.loads(data)
    best = float("inf")
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(decodes):
            last = orjson.loads(data)
        best = min(best, time.perf_counter() - start)
    digest = Digest()
    digest.list(last, lambda value: walk(digest, value))
    print(f"{len(data) * decodes / best / 1e6:.1f} {digest.hex()}")


if __name__ == "__main__":
    main(sys.argv[1:])
