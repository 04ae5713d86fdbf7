# Relief: the HTTP service that renders neumorphic components as PNG.
#
#   docker build -t relief .
#   docker run --rm -p 8080:8080 relief
#
# Relief needs Swift 6 (Swift 6 language mode, tools version 6.0); it is developed with Swift 6.3,
# so the build stage uses the official Swift 6.3 image on Debian 12 (bookworm), the same Debian as
# the runtime stage.

FROM swift:6.3-bookworm AS build

# Debian's security updates replace package versions, so apt pins would break the build; the
# base images fix the Debian release.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpng-dev zlib1g-dev libdeflate-dev libwebp-dev libavif-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libicu-dev \
        libssl-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
# Only the manifest and the sources: tests, docs and scripts stay out of the image.
COPY Package.swift ./
COPY Sources ./Sources
RUN swift build -c release --static-swift-stdlib --product relief \
    && install -D "$(swift build -c release --show-bin-path)/relief" /out/relief


FROM debian:bookworm-slim

# The shared C libraries the binary links (libssl3 for libcrypto's HMAC of signed URLs), the fonts it draws labels with (each family's own
# face, then Noto for every other script and colour emoji, found through fontconfig), and curl
# for the health check.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpng16-16 zlib1g libdeflate0 libwebp7 libwebpmux3 libavif15 libfreetype6 libharfbuzz0b libfontconfig1 fontconfig libfribidi0 libicu72 libssl3 \
        fonts-inter fonts-dejavu-core fonts-comfortaa fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
        curl \
    && rm -rf /var/lib/apt/lists/*

# A fixed numeric id, so orchestrators can check that the container does not run as root.
RUN groupadd --system --gid 10001 relief \
    && useradd --system --uid 10001 --gid relief --no-create-home --home-dir /srv/relief \
        --shell /usr/sbin/nologin relief

# The install layout of `make install PREFIX=/usr/local`: relief serve finds the playground in
# /usr/local/share/relief/Public, beside its binary, whatever the working directory.
COPY --from=build /out/relief /usr/local/bin/relief
COPY Public /usr/local/share/relief/Public
WORKDIR /srv/relief

USER 10001:10001
EXPOSE 8080
# SIGTERM drains for --drain-seconds (5 s), then shuts down within the 10 s grace period: stop the
# container with more than Docker's default 10 s, e.g. `docker stop -t 20`.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s \
    CMD ["sh", "-c", "curl -fsS http://127.0.0.1:8080/healthz || exit 1"]
ENTRYPOINT ["relief"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8080"]
