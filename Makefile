# The README's two commands: `make bench` (the main job, the default bench suite) and `make test`.
# Each installs what is missing first, then calls SwiftPM.
# What building with the default traits needs (the Dockerfile installs exactly these; CI checks it):
# valgrind for its callgrind.h (the Valgrind trait), libcurl and jemalloc for theirs; then what the
# tests against real servers add (nginx and wrk; Prometheus, which the live metrics' tests start).
# On macOS the Curl and Valgrind traits do not apply (the curl transport is built on epoll, and
# Homebrew has no valgrind), so BREW_PACKAGES has neither.
APT_BUILD_PACKAGES := libjemalloc-dev zlib1g-dev libcurl4-openssl-dev libssl-dev libnghttp2-dev libsqlite3-dev pkg-config valgrind
APT_PACKAGES := $(APT_BUILD_PACKAGES) nginx-light wrk prometheus
BREW_PACKAGES := jemalloc sqlite pkg-config nginx wrk
# The tests' readers of bench's JUnit files: the schema validator and a real JUnit consumer (PyPI).
PIP_PACKAGES := junitparser xmlschema opentelemetry-proto

.PHONY: bench bench-quick test docs format deps compare compare-decoders

bench: deps
	swift run -c release bench

bench-quick: deps
	swift run -c release bench --quick

# Swift Testing runs tests side by side with no bound but its own; with more at once than there are
# cores, the tests that keep time (one-second load runs, idle and exchange timeouts) waited up to
# 17 s for a thread of the cooperative pool while CPU-bound suites and callgrind, Prometheus and
# Python children ran beside them, and failed. One test per core: no wait over 1 s was measured.
TEST_WIDTH ?= $(shell nproc 2>/dev/null || sysctl -n hw.ncpu)

test: deps
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) swift test

# The DocC catalogs into .build/docs/<Module>.doccarchive, failing on any documentation warning.
docs: deps
	.ci/docs

# The tree formatted as .swift-format says, as CI's lint checks. The Swift examples of the README and
# of the articles are mirrored in Tests/ReadmeTests word for word: reformat a changed block there too.
format:
	swift-format format --in-place --recursive --parallel Package.swift Sources Tests Benchmarks Examples

# wrk, h2load, a C program on libcurl's multi interface and bench's two transports on one loopback
# nginx, side by side (several minutes; not part of CI). Installs h2load (nghttp2-client) if missing.
# COMPARE_FLAGS such as --rounds 5 --duration 10 --out compare.csv.
compare: deps
	.ci/compare-clients --install $(COMPARE_FLAGS)

# CourierJSONDecoder, JSONDecoder, serde_json (Rust, built offline from Debian's crate sources) and
# orjson on the same payloads, with the Decodable protocols' floor, MB/s side by side (issue 41;
# a few minutes; not part of CI). Installs the crates and orjson if missing.
# COMPARE_DECODERS_FLAGS such as --rounds 5 --payloads movies,events --out runs.tsv.
compare-decoders:
	.ci/compare-decoders --install $(COMPARE_DECODERS_FLAGS)

deps:
	@COURIER_APT_PACKAGES="$(APT_PACKAGES)" COURIER_BREW_PACKAGES="$(BREW_PACKAGES)" .ci/install-deps
	@python3 -c 'import junitparser, xmlschema, opentelemetry.proto' 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check $(PIP_PACKAGES)
