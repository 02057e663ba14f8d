#!/usr/bin/env python3
"""An OTLP/HTTP metrics receiver for the tests, decoding with PyPI's opentelemetry-proto.

    otlp_receiver.py serve [--status N | --stall]   # prints "port N", then serves until killed
    otlp_receiver.py decode FILE                     # prints FILE's request as the state's JSON

POST (any path) decodes an ExportMetricsServiceRequest and keeps each resource's latest figures;
it answers 200 with an empty ExportMetricsServiceResponse, or --status's code, or never (--stall).
GET /state returns what arrived as JSON: how many requests, their paths and content types, which
header names they carried (never a value), requests that did not decode, and per resource its
attributes and each metric's data points. Listens on 127.0.0.1, on a port the system picks.
"""
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest,
    ExportMetricsServiceResponse,
)


def attributes(pairs):
    return {pair.key: pair.value.string_value for pair in pairs}


def point(kind, data_point):
    figures = {
        "attributes": attributes(data_point.attributes),
        "start": data_point.start_time_unix_nano,
        "time": data_point.time_unix_nano,
    }
    if kind == "exponential_histogram":
        figures.update(
            count=data_point.count,
            sum=data_point.sum,
            scale=data_point.scale,
            zero_count=data_point.zero_count,
            offset=data_point.positive.offset,
            bucket_counts=list(data_point.positive.bucket_counts),
        )
    else:
        figures["value"] = data_point.as_double
    return figures


def resources(request):
    """Each resource's metrics: name -> kind, temporality, monotonicity, unit, data points."""
    result = []
    for resource_metrics in request.resource_metrics:
        metrics = {}
        for scope in resource_metrics.scope_metrics:
            for metric in scope.metrics:
                kind = metric.WhichOneof("data")
                data = getattr(metric, kind)
                metrics[metric.name] = {
                    "kind": kind,
                    "unit": metric.unit,
                    "temporality": getattr(data, "aggregation_temporality", 0),
                    "monotonic": getattr(data, "is_monotonic", False),
                    "points": [point(kind, data_point) for data_point in data.data_points],
                }
        result.append({"attributes": attributes(resource_metrics.resource.attributes), "metrics": metrics})
    return result


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.paths = set()
        self.content_types = set()
        self.header_names = set()
        self.undecodable = 0
        self.latest = {}

    def record(self, path, headers, body):
        with self.lock:
            self.requests += 1
            self.paths.add(path)
            self.content_types.add(headers.get("Content-Type", ""))
            self.header_names.update(name.lower() for name in headers.keys())
            request = ExportMetricsServiceRequest()
            try:
                request.ParseFromString(body)
            except Exception:
                self.undecodable += 1
                return
            for resource in resources(request):
                key = json.dumps(resource["attributes"], sort_keys=True)
                self.latest[key] = resource

    def json(self):
        with self.lock:
            return json.dumps({
                "requests": self.requests,
                "paths": sorted(self.paths),
                "content_types": sorted(self.content_types),
                "header_names": sorted(self.header_names),
                "undecodable": self.undecodable,
                "resources": list(self.latest.values()),
            })


def serve(status, stall):
    state = State()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            state.record(self.path, self.headers, body)
            if stall:
                time.sleep(3600)
                return
            reply = ExportMetricsServiceResponse().SerializeToString() if status == 200 else b"refused"
            self.send_response(status)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def do_GET(self):
            reply = state.json().encode()
            self.send_response(200 if self.path == "/state" else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

    # A test runner's thread may start it with SIGTERM blocked or ignored, which a child inherits:
    # stop() sends it.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(f"port {server.server_address[1]}", flush=True)
    server.serve_forever()


def main(arguments):
    if arguments[:1] == ["decode"] and len(arguments) == 2:
        request = ExportMetricsServiceRequest()
        with open(arguments[1], "rb") as file:
            request.ParseFromString(file.read())
        print(json.dumps({"resources": resources(request)}))
    elif arguments[:1] == ["serve"]:
        status = int(arguments[arguments.index("--status") + 1]) if "--status" in arguments else 200
        serve(status, "--stall" in arguments)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)


if __name__ == "__main__":
    main(sys.argv[1:])
