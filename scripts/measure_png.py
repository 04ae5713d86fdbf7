#!/usr/bin/env python3
"""Measures the project's PNG encoder (Sources/CReliefPNG) on a folder of PNG files.

For every PNG in DIRECTORY the pixels are decoded once, then re-encoded with each combination of
compression level, filter set and zlib strategy (the same for every image class, with every
colour-type reduction on); each encode is timed (median of --runs) and its size compared with what
`optipng -o2` makes of the same file. Files are summarised by the image class the encoder writes
them as (palette, grey, grey+alpha, rgb, rgba): tables of sizes (summed over the files, relative
to optipng's) and times (CPU time, mean and slowest file), the settings that nothing beats on
both, and the smallest setting within the time budget, printed as Markdown.

The encoder is the project's own C sources, compiled with -O2 into a small C program in a
temporary folder; nothing is added to the package. `relief-bench grid` measures the same grid on
the bench's renders.

    scripts/measure_png.py DIRECTORY             # measure the PNGs in DIRECTORY
    scripts/measure_png.py --synthetic DIRECTORY # first write synthetic 320x320 renders there

--synthetic needs numpy and scipy (Debian: python3-numpy python3-scipy).
"""

import argparse
import pathlib
import statistics
import struct
import subprocess
import sys
import tempfile
import zlib

REPO = pathlib.Path(__file__).resolve().parent.parent
ENCODER_SOURCES = sorted((REPO / "Sources" / "CReliefPNG").glob("*.c"))
ENCODER_INCLUDE = REPO / "Sources" / "CReliefPNG" / "include"

FILTER_SETS = {"none": 0x08, "sub": 0x10, "up": 0x20, "average": 0x40, "paeth": 0x80, "all": 0xF8}
# "A|B": filters A or B, whichever deflates a sample of the rows smaller (alternative_filters)
TRIALS = {f"{a}|{b}": (FILTER_SETS[a], FILTER_SETS[b]) for a in FILTER_SETS for b in FILTER_SETS if a != b}
STRATEGIES = {"default": 0, "filtered": 1, "huffman": 2, "rle": 3, "fixed": 4}
CLASS_NAMES = {3: "palette", 0: "grey", 4: "grey+alpha", 2: "rgb", 6: "rgba"}

# Decodes one PNG with the project's decoder, then encodes it with each setting given on the
# command line (the same for every image class), printing "width height class" and then
# "level filters strategy bytes median_ns" per setting.
MEASURE_C = r"""#define _POSIX_C_SOURCE 199309L
#include "relief_png.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* CPU time of this thread: other processes on a shared machine inflate wall-clock time, not this. */
static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s FILE RUNS MEMORY_LEVEL WINDOW_BITS LEVEL:FILTERS:STRATEGY...\n", argv[0]);
        return 2;
    }
    char message[512];
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)size);
    if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    fclose(file);
    relief_png_image image = {0};
    if (relief_png_decode_rgba(bytes, (size_t)size, &image, message, sizeof message) != RELIEF_PNG_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], message);
        return 1;
    }
    int runs = atoi(argv[2]);
    long long *times = malloc(sizeof(long long) * (size_t)runs);
    relief_png_settings settings = {0};
    settings.reductions = RELIEF_PNG_REDUCE_ALL;
    settings.memory_level = atoi(argv[3]);
    settings.window_bits = atoi(argv[4]);
    relief_png_picture picture = {image.rgba.bytes, image.width, image.height, 0, 0, 0, 0};
    int class_printed = 0;
    for (int a = 5; a < argc; a++) {
        relief_png_compression compression = {0};
        if (getenv("RELIEF_TUNE") != NULL) {
            sscanf(getenv("RELIEF_TUNE"), "%d,%d,%d,%d", &compression.good_length, &compression.lazy_length,
                   &compression.nice_length, &compression.chain_length);
        }
        if (sscanf(argv[a], "%d:%u:%d:%u", &compression.level, &compression.filters, &compression.strategy,
                   &compression.alternative_filters) != 4) {
            fprintf(stderr, "bad setting %s\n", argv[a]);
            return 2;
        }
        compression.alternative_strategy = compression.strategy;
        for (int c = 0; c < RELIEF_PNG_CLASS_COUNT; c++) settings.classes[c] = compression;
        size_t encoded = 0;
        for (int run = -2; run < runs; run++) {
            relief_png_buffer png = {0};
            long long start = now_ns();
            int status = relief_png_encode(&picture, 1, RELIEF_PNG_STILL, image.width, image.height, 0, &settings, &png,
                                           message, sizeof message);
            long long elapsed = now_ns() - start;
            if (status != RELIEF_PNG_OK) { fprintf(stderr, "%s\n", message); return 1; }
            if (!class_printed) {
                /* IHDR's colour type: 0 grey, 2 rgb, 3 palette, 4 grey+alpha, 6 rgba */
                printf("%u %u %u\n", image.width, image.height, png.bytes[25]);
                class_printed = 1;
            }
            encoded = png.count;
            relief_png_buffer_free(&png);
            if (run >= 0) times[run] = elapsed;
        }
        qsort(times, (size_t)runs, sizeof times[0], compare);
        printf("%d %u %d %u %zu %lld\n", compression.level, compression.filters, compression.strategy,
               compression.alternative_filters, encoded, times[runs / 2]);
        fflush(stdout);
    }
    relief_png_buffer_free(&image.rgba);
    free(times);
    free(bytes);
    return 0;
}
"""


def build_measure_tool(folder: pathlib.Path) -> pathlib.Path:
    source = folder / "measure_png.c"
    source.write_text(MEASURE_C)
    tool = folder / "measure_png"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libpng", "zlib", "libdeflate"],
                           check=True, capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-std=c11", "-O2", "-I", str(ENCODER_INCLUDE), str(source), *map(str, ENCODER_SOURCES),
                    "-o", str(tool), *flags], check=True)
    return tool


def optipng_size(png: pathlib.Path, folder: pathlib.Path) -> int:
    output = folder / "optipng-output.png"
    output.unlink(missing_ok=True)
    subprocess.run(["optipng", "-o2", "-quiet", "-out", str(output), str(png)], check=True)
    return output.stat().st_size


def write_png(path: pathlib.Path, rgba) -> None:
    """A plain RGBA (or RGB when opaque) PNG with an sRGB chunk, like the project's encoder writes."""
    height, width, _ = rgba.shape
    opaque = bool((rgba[:, :, 3] == 255).all())
    pixels = rgba[:, :, :3] if opaque else rgba
    raw = b"".join(b"\x00" + pixels[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"sRGB", b"\x00")
                     + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def make_synthetic(directory: pathlib.Path, size: int = 320) -> None:
    """Neumorphic-looking renders: gradients, soft Gaussian shadows, anti-aliased edges."""
    import numpy as np
    from scipy.ndimage import gaussian_filter

    y, x = np.mgrid[0:size, 0:size].astype(np.float64) + 0.5
    diagonal = (x + y) / (2 * size)  # 0 at the top-left corner, 1 at the bottom-right

    def gradient(start, end):
        return np.asarray(start, float) / 255 * (1 - diagonal[..., None]) + np.asarray(end, float) / 255 * diagonal[..., None]

    def flat(colour):
        return np.broadcast_to(np.asarray(colour, float) / 255, (size, size, 3)).copy()

    def disc(cx, cy, radius):
        return np.clip(radius + 0.5 - np.hypot(x - cx, y - cy), 0, 1)

    def rounded_rect(left, top, right, bottom, radius):
        qx = np.maximum(np.maximum(left + radius - x, x - (right - radius)), 0)
        qy = np.maximum(np.maximum(top + radius - y, y - (bottom - radius)), 0)
        return np.clip(radius + 0.5 - np.hypot(qx, qy), 0, 1)

    def shadow(shape, dx, dy, sigma):
        return gaussian_filter(np.roll(np.roll(shape, dy, axis=0), dx, axis=1), sigma)

    def over(colour, alpha, fill, coverage):
        """Source-over of fill (straight colour, alpha = coverage) on colour/alpha."""
        coverage = coverage[..., None]
        out_alpha = coverage + alpha * (1 - coverage)
        safe = np.where(out_alpha > 0, out_alpha, 1)
        return (fill * coverage + colour * alpha * (1 - coverage)) / safe, out_alpha

    def save(name, colour, alpha):
        rgba = np.concatenate([colour, alpha], axis=2)
        write_png(directory / name, np.clip(np.rint(rgba * 255), 0, 255).astype(np.uint8))

    opaque = np.ones((size, size, 1))
    clear = np.zeros((size, size, 1))
    black, white = flat((0, 0, 0)), flat((255, 255, 255))
    circle = disc(size / 2, size / 2, 100)

    def dark_disc(colour, alpha):
        colour, alpha = over(colour, alpha, black, 0.5 * shadow(circle, 10, 10, 10))
        colour, alpha = over(colour, alpha, white, 0.1 * shadow(circle, -5, -5, 10))
        return over(colour, alpha, gradient((60, 160, 240), (30, 80, 120)), circle)

    save("dark-disc.png", *dark_disc(gradient((50, 60, 65), (25, 25, 30)), opaque))
    save("dark-disc-transparent.png", *dark_disc(flat((0, 0, 0)), clear))

    colour, alpha = over(flat((225, 225, 235)), opaque, black, 0.2 * shadow(circle, 10, 10, 10))
    colour, alpha = over(colour, alpha, white, 0.7 * shadow(circle, -5, -5, 10))
    save("light-disc.png", *over(colour, alpha, gradient((225, 225, 235), (205, 205, 215)), circle))

    colour, alpha = over(flat((0, 0, 0)), clear, black, 0.2 * shadow(circle, 10, 10, 10))
    colour, alpha = over(colour, alpha, white, 0.7 * shadow(circle, -5, -5, 10))
    save("light-disc-transparent.png", *over(colour, alpha, flat((225, 225, 235)), circle))

    card = rounded_rect(40, 80, 280, 240, 25)
    colour, alpha = over(flat((224, 229, 236)), opaque, flat((163, 177, 198)), shadow(card, 8, 8, 8))
    colour, alpha = over(colour, alpha, white, shadow(card, -8, -8, 8))
    save("soft-card.png", *over(colour, alpha, gradient((235, 240, 246), (210, 216, 226)), card))


def parse_list(text: str, names: dict) -> list:
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in names]
    if unknown:
        sys.exit(f"unknown {', '.join(unknown)}; allowed: {', '.join(names)}")
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory", type=pathlib.Path, help="folder of PNG files to re-encode")
    parser.add_argument("--synthetic", action="store_true", help="first write synthetic 320x320 renders into the folder")
    parser.add_argument("--runs", type=int, default=31, help="timed encodes per setting and file; the median counts (default 31)")
    parser.add_argument("--levels", default="1,2,3,4,5,6,7,8,9", help="compression levels (default 1..9)")
    parser.add_argument("--filters", default="none,sub,up,paeth,all", help=f"filter sets from {', '.join(FILTER_SETS)}")
    parser.add_argument("--strategies", default="default,filtered,rle", help=f"zlib strategies from {', '.join(STRATEGIES)}")
    parser.add_argument("--memory-level", type=int, default=8, help="zlib memLevel for every encode (default 8)")
    parser.add_argument("--window-bits", type=int, default=15, help="zlib windowBits for every encode (default 15)")
    parser.add_argument("--budget-ms", type=float, default=2.0, help="mean encode time allowed per 320x320 pixels (default 2.0)")
    parser.add_argument("--per-file", action="store_true", help="also print every file's sizes and times")
    arguments = parser.parse_args()

    levels = [int(level) for level in arguments.levels.split(",")]
    filters = parse_list(arguments.filters, {**FILTER_SETS, **TRIALS})
    strategies = parse_list(arguments.strategies, STRATEGIES)
    if arguments.synthetic:
        arguments.directory.mkdir(parents=True, exist_ok=True)
        make_synthetic(arguments.directory)
    files = sorted(arguments.directory.glob("*.png"))
    if not files:
        sys.exit(f"no .png files in {arguments.directory}")

    settings = [(level, f, s) for f in filters for s in strategies for level in levels]
    filter_bits = {**{name: (bits, 0) for name, bits in FILTER_SETS.items()}, **TRIALS}
    names = {(level, *filter_bits[f], STRATEGIES[s]): (level, f, s) for level, f, s in settings}
    size = {}   # (setting, file) -> bytes
    time = {}   # (setting, file) -> ms, normalised to 320x320 pixels
    optipng = {}
    kinds = {}  # file -> the image class the encoder writes it as
    with tempfile.TemporaryDirectory(prefix="measure-png-") as folder:
        folder = pathlib.Path(folder)
        tool = build_measure_tool(folder)
        for file in files:
            optipng[file] = optipng_size(file, folder)
            output = subprocess.run(
                [str(tool), str(file), str(arguments.runs), str(arguments.memory_level), str(arguments.window_bits),
                 *[f"{level}:{filter_bits[f][0]}:{STRATEGIES[s]}:{filter_bits[f][1]}" for level, f, s in settings]],
                check=True, capture_output=True, text=True).stdout.split("\n")
            width, height, colour_type = map(int, output[0].split())
            kinds[file] = CLASS_NAMES[colour_type]
            scale = 320 * 320 / (width * height)
            for line in filter(None, output[1:]):
                level, filter_set, strategy, alternative, encoded, median_ns = map(int, line.split())
                key = names[(level, filter_set, alternative, strategy)]
                size[(key, file)] = encoded
                time[(key, file)] = median_ns / 1e6 * scale
            if arguments.per_file:
                print(f"\n{file.name}: {width}x{height}, {kinds[file]}, "
                      f"optipng -o2: {optipng[file]} bytes")
                for key in settings:
                    print(f"  level {key[0]} {key[1]:>5} {key[2]:>8}: {size[(key, file)]:>8} bytes "
                          f"{size[(key, file)] / optipng[file]:6.3f}x  {time[(key, file)]:6.2f} ms")

    print(f"\nTimes: median of {arguments.runs} encodes of each file, in ms of CPU time per 320x320 pixels "
          f"(memLevel {arguments.memory_level}, windowBits {arguments.window_bits}).")
    # The encoder gives each image class its own settings, so each is summarised on its own.
    for kind in CLASS_NAMES.values():
        group = [f for f in files if kinds[f] == kind]
        if group:
            summarise(kind, group, settings, levels, filters, strategies, size, time, optipng, arguments.budget_ms)


def summarise(kind, files, settings, levels, filters, strategies, size, time, optipng, budget_ms) -> None:
    total_optipng = sum(optipng[f] for f in files)
    ratio = {key: sum(size[(key, f)] for f in files) / total_optipng for key in settings}
    mean_time = {key: statistics.fmean(time[(key, f)] for f in files) for key in settings}
    slowest = {key: max(time[(key, f)] for f in files) for key in settings}

    def name(key) -> str:
        return f"level {key[0]}, {key[1]}, {key[2]}"

    def table(title: str, cell) -> None:
        print(f"\n{title}\n")
        print("| filters | strategy | " + " | ".join(f"{level}" for level in levels) + " |")
        print("|---|---|" + "---:|" * len(levels))
        for f in filters:
            for s in strategies:
                print(f"| {f} | {s} | " + " | ".join(cell((level, f, s)) for level in levels) + " |")

    print(f"\n## {kind} images: {', '.join(f.name for f in files)}")
    print(f"\noptipng -o2 makes {total_optipng} bytes of them in all.")
    table("Size: total bytes / optipng -o2's total bytes (columns: compression level).", lambda key: f"{ratio[key]:.3f}")
    table("Time: mean over the files (ms).", lambda key: f"{mean_time[key]:.2f}")
    table("Time: slowest file (ms).", lambda key: f"{slowest[key]:.2f}")

    # Settings that no other setting beats on both size and mean time.
    front = [key for key in settings
             if not any(ratio[other] <= ratio[key] and mean_time[other] <= mean_time[key]
                        and (ratio[other], mean_time[other]) != (ratio[key], mean_time[key]) for other in settings)]
    print("\nBest trade-offs (nothing is both smaller and faster):\n")
    print("| setting | size / optipng | mean ms | slowest ms |")
    print("|---|---:|---:|---:|")
    for key in sorted(front, key=lambda key: mean_time[key]):
        print(f"| {name(key)} | {ratio[key]:.3f} | {mean_time[key]:.2f} | {slowest[key]:.2f} |")

    within = [key for key in settings if mean_time[key] <= budget_ms]
    if within:
        best = min(within, key=lambda key: (ratio[key], mean_time[key]))
        print(f"\nSmallest with a mean time within {budget_ms} ms: {name(best)}: "
              f"{ratio[best]:.3f} x optipng, {mean_time[best]:.2f} ms mean, {slowest[best]:.2f} ms slowest.")
    else:
        print(f"\nNo setting has a mean time within {budget_ms} ms.")


if __name__ == "__main__":
    main()
