# The README's two commands: `make bench` (the main job, the default bench suite) and `make test`.
# Each installs what is missing first, then calls SwiftPM.
# What building needs (the Dockerfile installs exactly these; CI checks it), then what the tests and
# counted runs (`bench run --instructions`, under valgrind) add. Homebrew has no valgrind for macOS,
# so BREW_PACKAGES leaves it out and `--instructions` is unavailable there; everything else works.
APT_BUILD_PACKAGES := libjemalloc-dev zlib1g-dev libcurl4-openssl-dev libsqlite3-dev pkg-config
APT_PACKAGES := $(APT_BUILD_PACKAGES) nginx-light wrk valgrind
BREW_PACKAGES := jemalloc curl sqlite pkg-config nginx wrk

.PHONY: bench bench-quick test deps

bench: deps
	swift run -c release bench

bench-quick: deps
	swift run -c release bench --quick

test: deps
	swift test

deps:
	@COURIER_APT_PACKAGES="$(APT_PACKAGES)" COURIER_BREW_PACKAGES="$(BREW_PACKAGES)" .ci/install-deps
