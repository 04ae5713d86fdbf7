import Foundation
import ReliefPNG
import Testing

/// Headless Chromium, an independent renderer of text, SVG and HTML: CHROMIUM, or Debian's
/// package, which `make test` installs (a missing browser fails the comparison rather than
/// skipping it).
enum Chromium {
    static let executable = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"

    /// How Chromium turns a page into pixels. Each way has one anti-aliasing weakness that a
    /// comparison with Relief's exact coverage shows: on the CPU, large curves (a filled 84-pixel
    /// disc) are 8–10/255 RMS off exact coverage where their edges run nearly level, as it samples
    /// them on a few sub-scanlines; on the GPU (SwiftShader, Chromium's software GPU, as on a machine
    /// with a graphics card), curves are within 2/255, but large paths such as text outlines land
    /// about a fifth of a pixel to the left.
    enum Rasterizer: String, CaseIterable, Sendable {
        case cpu, gpu

        var flags: [String] {
            switch self {
            case .cpu: ["--disable-gpu"]
            case .gpu: ["--use-angle=swiftshader", "--enable-gpu-rasterization", "--ignore-gpu-blocklist"]
            }
        }
    }

    /// A screenshot of `page` (a file in `directory`) in a window of `window` CSS pixels at
    /// `scale` device pixels each.
    static func screenshot(
        of page: URL, window: (width: Int, height: Int), scale: Double = 1,
        rasterizer: Rasterizer = .cpu, in directory: URL
    ) throws -> DecodedImage {
        let shot = directory.appendingPathComponent("shot-\(UUID()).png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments =
            ["120", executable, "--headless", "--no-sandbox"] + rasterizer.flags + [
                "--disable-dev-shm-usage", "--hide-scrollbars",
                "--force-device-scale-factor=\(scale)", "--allow-file-access-from-files", "--virtual-time-budget=10000",
                "--user-data-dir=\(directory.appendingPathComponent("profile-\(UUID())").path)",
                "--window-size=\(window.width),\(window.height)", "--screenshot=\(shot.path)", page.absoluteString,
            ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
        return try PNGDecoder.decode([UInt8](Data(contentsOf: shot)))
    }

    /// How a file is put on the page: an SVG as an image (which may load nothing but `data:`
    /// URLs and runs no script), an HTML page in a frame.
    enum Embedding {
        case image, frame
    }

    /// One file to draw, `width` × `height` CSS pixels.
    struct Item {
        var file: URL
        var width: Double
        var height: Double
        var embedding: Embedding
    }

    /// Each item as Chromium draws it at `scale`, cut from screenshots of pages that lay the items
    /// out side by side on white, `batch` at a time (a browser start takes longer than many drawings).
    static func drawings(
        of items: [Item], scale: Double, rasterizer: Rasterizer = .cpu, in directory: URL,
        batch: Int = 12
    ) throws -> [DecodedImage] {
        var drawings: [DecodedImage] = []
        for start in stride(from: 0, to: items.count, by: batch) {
            let group = Array(items[start..<min(start + batch, items.count)])
            // Rows up to 1200 CSS pixels wide, 8 apart.
            var places: [(x: Int, y: Int)] = []
            var (x, y, rowHeight, width) = (0, 0, 0, 0)
            for item in group {
                let (itemWidth, itemHeight) = (Int(item.width.rounded(.up)), Int(item.height.rounded(.up)))
                if x > 0 && x + itemWidth > 1200 { (x, y, rowHeight) = (0, y + rowHeight + 8, 0) }
                places.append((x, y))
                x += itemWidth + 8
                rowHeight = max(rowHeight, itemHeight)
                width = max(width, x)
            }
            let elements = zip(group, places).map { item, place in
                let position =
                    "position:absolute;left:\(place.x)px;top:\(place.y)px;width:\(item.width)px;height:\(item.height)px"
                return switch item.embedding {
                case .image: "<img src=\"\(item.file.lastPathComponent)\" style=\"\(position)\" alt=\"\">"
                case .frame:
                    "<iframe src=\"\(item.file.lastPathComponent)\" style=\"\(position);border:0\" scrolling=\"no\"></iframe>"
                }
            }
            let page = directory.appendingPathComponent("batch-\(start).html")
            try """
            <!doctype html><html><head><meta charset="utf-8"><style>html, body { margin: 0; background: white; }</style>
            </head><body>\(elements.joined(separator: "\n"))</body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
            // A window much lower than 600 CSS pixels paints only its top rows.
            let shot = try screenshot(
                of: page, window: (width, max(600, y + rowHeight)), scale: scale, rasterizer: rasterizer,
                in: directory)
            for (item, place) in zip(group, places) {
                drawings.append(
                    shot.cropped(
                        x: Int((Double(place.x) * scale).rounded()), y: Int((Double(place.y) * scale).rounded()),
                        width: Int((item.width * scale).rounded()), height: Int((item.height * scale).rounded())))
            }
        }
        return drawings
    }
}

extension DecodedImage {
    /// The pixels of a rectangle inside the image, as an image.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> DecodedImage {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(4 * width * height)
        for row in y..<(y + height) {
            let start = 4 * (row * self.width + x)
            rgba += self.rgba[start..<(start + 4 * width)]
        }
        return DecodedImage(width: width, height: height, rgba: rgba)
    }

    /// The image over white, as a browser shows it on a white page: opaque.
    var overWhite: DecodedImage {
        var rgba = self.rgba
        for pixel in stride(from: 0, to: rgba.count, by: 4) where rgba[pixel + 3] < 255 {
            let alpha = Int(rgba[pixel + 3])
            for channel in pixel..<(pixel + 3) {
                rgba[channel] = UInt8((Int(rgba[channel]) * alpha + 255 * (255 - alpha) + 127) / 255)
            }
            rgba[pixel + 3] = 255
        }
        return DecodedImage(width: width, height: height, rgba: rgba)
    }
}
