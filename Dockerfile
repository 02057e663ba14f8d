# bench in a container: for the Indexed Job in deploy/kubernetes, or any machine with a container engine.
#
# It builds bench as the README does: Swift 6.3.1 on Debian 12 (the toolchain and system CI uses), the
# Makefile's build packages (APT_BUILD_PACKAGES) and the README's build command. .ci/check-deploy fails
# CI when either drifts from its source. The runtime stage is Swift's slim image (the Swift runtime and
# Foundation's libraries, no compiler) plus the shared libraries those packages' headers link against.
ARG SWIFT_VERSION=6.3.1

FROM swift:${SWIFT_VERSION}-bookworm AS build
# Unpinned, as `make deps` installs them: Debian 12's stable archive moves only for security fixes.
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libjemalloc-dev zlib1g-dev libcurl4-openssl-dev libssl-dev libnghttp2-dev libsqlite3-dev pkg-config valgrind \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Only what the manifest names: the checkout's build products and reports stay out of the image.
COPY Package.swift ./
COPY Sources Sources
COPY Benchmarks Benchmarks
COPY Tests Tests
RUN swift build -c release --product bench
RUN install -D --strip "$(swift build -c release --show-bin-path)/bench" /out/bench

FROM swift:${SWIFT_VERSION}-bookworm-slim
# libjemalloc2 for the allocation figures, libsqlite3-0 for the run history; libcurl4 (curl
# transport), libssl3 (the OpenSSL trait; libcurl4 depends on it) and zlib1g are in the slim image.
# No valgrind: the container runs load, not counted, runs (the build stage has it only for
# callgrind.h, whose client requests cost nothing outside Valgrind).
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libjemalloc2 libsqlite3-0 ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /reports bench \
    && mkdir -p /reports && chown bench /reports
COPY --from=build /out/bench /usr/local/bin/bench
USER 10001
WORKDIR /reports
ENTRYPOINT ["bench"]
CMD ["help"]
