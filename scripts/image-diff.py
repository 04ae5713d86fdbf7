#!/usr/bin/env python3
"""How two PNGs differ, pixel by pixel.

usage: scripts/image-diff.py OLD.png NEW.png DIFF.png [--gain N]

Writes DIFF.png, the per-pixel absolute difference of the two images' RGBA channels, the largest of
a pixel's four shown in grey and amplified N times (default 16), so that a difference of one level
in 255 is visible; and prints the largest and mean difference (levels of 255 over every channel of
every pixel) and how many pixels differ. Images of different sizes are compared on the larger
canvas, each padded with transparent black. An animated PNG is compared frame by frame, up to the
frames both have; DIFF.png shows the frame that differs most. Needs Pillow (.venv).
"""

import sys
from dataclasses import dataclass


@dataclass
class Difference:
    """How far two images are apart, in levels of 255."""

    max_error: int
    mean_error: float
    differing_pixels: int
    pixels: int
    frame: int
    frames: tuple
    sizes: tuple

    def summary(self):
        """One line: the largest and mean error, the pixels that differ, and what else changed."""
        words = [
            f"max error {self.max_error}/255",
            f"mean error {self.mean_error:.4f}/255",
            f"{self.differing_pixels} of {self.pixels} pixels differ",
        ]
        if self.sizes[0] != self.sizes[1]:
            words.append("size {}x{} -> {}x{}".format(*self.sizes[0], *self.sizes[1]))
        if self.frames[0] != self.frames[1]:
            words.append(f"frames {self.frames[0]} -> {self.frames[1]}")
        if max(self.frames) > 1:
            words.append(f"most in frame {self.frame + 1}")
        return ", ".join(words)


def _frames(image):
    """Every frame of `image` as RGBA."""
    from PIL import ImageSequence

    return [frame.convert("RGBA") for frame in ImageSequence.Iterator(image)]


def _padded(image, size):
    """`image` on a transparent black canvas of `size`, at its top left."""
    from PIL import Image

    if image.size == size:
        return image
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    canvas.paste(image, (0, 0))
    return canvas


def compare(old_path, new_path, diff_path, gain=16):
    """Writes the difference image of two PNG files to `diff_path` and returns their ``Difference``."""
    from PIL import Image, ImageChops

    with Image.open(old_path) as old_image, Image.open(new_path) as new_image:
        old_frames, new_frames = _frames(old_image), _frames(new_image)
    size = (
        max(old_frames[0].width, new_frames[0].width),
        max(old_frames[0].height, new_frames[0].height),
    )
    pixels = size[0] * size[1]
    worst = None
    total = 0
    compared = min(len(old_frames), len(new_frames))
    for index in range(compared):
        difference = ImageChops.difference(_padded(old_frames[index], size), _padded(new_frames[index], size))
        channels = difference.split()
        largest = channels[0]
        for channel in channels[1:]:
            largest = ImageChops.lighter(largest, channel)
        histogram = largest.histogram()
        frame_max = max((level for level, count in enumerate(histogram) if count), default=0)
        # The mean over every channel of every pixel: each channel's histogram weighted by level.
        frame_sum = sum(
            level * count for channel in channels for level, count in enumerate(channel.histogram())
        )
        total += frame_sum
        differing = pixels - histogram[0]
        if worst is None or (frame_max, differing) > (worst[1], worst[2]):
            worst = (index, frame_max, differing, largest)
    index, max_error, differing, largest = worst
    largest.point(lambda level: min(255, level * gain)).save(diff_path)
    return Difference(
        max_error=max_error,
        mean_error=total / (compared * pixels * 4),
        differing_pixels=differing,
        pixels=pixels,
        frame=index,
        frames=(len(old_frames), len(new_frames)),
        sizes=(old_frames[0].size, new_frames[0].size),
    )


def main(arguments):
    gain = 16
    if "--gain" in arguments:
        at = arguments.index("--gain")
        gain = int(arguments[at + 1])
        arguments = arguments[:at] + arguments[at + 2 :]
    if len(arguments) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    print(compare(*arguments, gain=gain).summary())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
