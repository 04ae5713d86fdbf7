// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Relief",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "relief", targets: ["relief"]),
        .executable(name: "relief-bench", targets: ["relief-bench"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // Font fallback per character: which installed font covers it.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // The Unicode bidirectional algorithm.
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // Line-break opportunities (UAX #14, with dictionaries for Thai and its neighbours) and script names.
        // glibc's mallopt, for the allocator settings of rendering processes.
        .systemLibrary(name: "CMalloc"),
        // HMAC-SHA256 and a constant-time comparison, for signed URLs (libcrypto: a vetted, fast
        // implementation instead of a hand-written SHA-256).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Linux's epoll, eventfd and accept4, for the HTTP server's event loops.
        .systemLibrary(name: "CEpoll"),
        // The only place libpng (and its setjmp/longjmp) is called.
        // libdeflate (libdeflate-dev) deflates the rows of the fast first encodes: see relief_png.h.
        .target(name: "CReliefPNG", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("deflate")]),
        // The only places libwebp (libwebp-dev) and libavif (libavif-dev, with libaom) are called: see
        // relief_webp.h and relief_avif.h.
        .target(name: "CReliefWebP", linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpmux")]),
        .target(name: "CReliefAVIF", linkerSettings: [.linkedLibrary("avif")]),
        // ICU's line breaks and script names behind plain C types (libicu-dev): see relief_icu.h.
        .target(name: "CReliefICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // Raw DEFLATE through zlib for screens' `source=`: zlib's init calls are macros Swift cannot import.
        .target(name: "CReliefDeflate", linkerSettings: [.linkedLibrary("z")]),

        // A value behind a pthread mutex, the lock every target uses (ThreadSanitizer understands it).
        .target(name: "ReliefLock"),
        // The spelling rules every writer of text shares: fixed-width hex, and the scalars received text
        // may never show as they are.
        .target(name: "ReliefEscaping"),
        // Geometry shared by every stage: points, rects, colours, paths.
        .target(name: "ReliefGeometry"),
        // Query string -> validated, typed, canonical RenderSpec. Shared by HTTP and CLI.
        .target(name: "ReliefSpec", dependencies: ["ReliefEscaping", "ReliefGeometry"]),
        // Time: SPEC §8's timelines, the easeInOut curve and seed 004's spring. Pure arithmetic.
        .target(name: "ReliefMotion"),
        // Pixels: coverage, gradients, blur, compositing. Knows nothing of styles or HTTP.
        .target(name: "ReliefRaster", dependencies: ["ReliefGeometry", "ReliefLock"]),
        // Text: font fallback, bidi, shaping, glyph outlines and colour glyphs, line breaks.
        .target(name: "ReliefText", dependencies: ["ReliefGeometry", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CReliefICU", "ReliefLock"]),
        // The scene: SwiftUI-like value tree, styles, components, icons, screens drawn from their layout.
        .target(name: "ReliefScene", dependencies: ["ReliefGeometry", "ReliefSpec", "ReliefMotion", "ReliefScreen"]),
        // Screens (SPEC §14): the layout language's transport, parser, canonical form, each element's spec and
        // SwiftUI's layout rules.
        .target(name: "ReliefScreen", dependencies: ["CReliefDeflate", "ReliefGeometry", "ReliefEscaping", "ReliefSpec"]),
        // PNG encoding through the C shim.
        .target(name: "ReliefPNG", dependencies: ["CReliefPNG"]),
        // WebP and AVIF encoding through their C shims: a module beside ReliefPNG, not inside it, as it
        // links other libraries and shares with it only the frames of an animation and decoded pixels.
        .target(name: "ReliefImageFormats", dependencies: ["CReliefWebP", "CReliefAVIF", "ReliefPNG"]),
        // Scene -> pixels -> PNG: the pixel back end and the render pipeline.
        .target(name: "ReliefRender", dependencies: ["ReliefSpec", "ReliefScene", "ReliefScreen", "ReliefGeometry", "ReliefRaster", "ReliefText", "ReliefPNG", "ReliefImageFormats", "CMalloc", "ReliefAccessibility", "ReliefLock", "ReliefEscaping"]),
        // WCAG contrast, colour-vision and low-vision simulation (on the rasterizer's blur), and the measurements on pixels.
        .target(name: "ReliefAccessibility", dependencies: ["ReliefGeometry", "ReliefRaster", "ReliefEscaping"]),
        // The accessibility audit: checks, thresholds, criteria, worded results and fixes.
        .target(name: "ReliefAudit", dependencies: ["ReliefSpec", "ReliefScene", "ReliefScreen", "ReliefRender", "ReliefAccessibility", "ReliefGeometry"]),
        // An HTTP/1.1 server on sockets and epoll: connections, framing, limits. No Relief module but ReliefLock
        // and ReliefEscaping.
        .target(name: "ReliefHTTPServer", dependencies: ["CEpoll", "ReliefLock", "ReliefEscaping"]),
        // The service: routes, cache, metrics, access log, signed URLs, on the server.
        .target(name: "ReliefService", dependencies: ["ReliefSpec", "ReliefScreen", "ReliefRender", "ReliefAudit", "ReliefHTTPServer", "CCrypto", "ReliefLock", "ReliefEscaping"]),
        .executableTarget(name: "relief", dependencies: ["ReliefService", "ReliefHTTPServer", "ReliefRender", "ReliefSpec", "ReliefScreen"]),
        // `make bench`: render and encode timings, PNG sizes against optipng, WebP and AVIF against PNG.
        .executableTarget(name: "relief-bench", dependencies: ["ReliefRender", "ReliefScreen", "ReliefSpec", "ReliefPNG", "ReliefImageFormats", "ReliefLock"]),

        .testTarget(name: "ReliefLockTests", dependencies: ["ReliefLock"]),
        .testTarget(name: "ReliefSpecTests", dependencies: ["ReliefSpec", "ReliefGeometry"]),
        .testTarget(name: "ReliefMotionTests", dependencies: ["ReliefMotion"]),
        .testTarget(name: "ReliefRasterTests", dependencies: ["ReliefRaster", "ReliefGeometry"]),
        .testTarget(name: "ReliefTextTests", dependencies: ["ReliefText", "ReliefGeometry", "CFreeType"]),
        // The byte layout of PNG files, read and written without libpng, for the tests of PNG and APNG files.
        .target(name: "PNGFileSupport", path: "Tests/PNGFileSupport"),
        .testTarget(name: "ReliefPNGTests", dependencies: ["ReliefPNG", "PNGFileSupport"]),
        .testTarget(name: "ReliefSceneTests", dependencies: ["ReliefScene", "ReliefSpec", "ReliefMotion", "ReliefGeometry"]),
        .testTarget(name: "ReliefRenderTests", dependencies: ["ReliefRender", "ReliefScreen", "ReliefSpec", "ReliefScene", "ReliefMotion", "ReliefPNG", "PNGFileSupport", "ReliefText", "ReliefRaster", "ReliefGeometry"]),
        .testTarget(name: "ReliefScreenTests", dependencies: ["ReliefScreen", "ReliefGeometry", "ReliefSpec"]),
        .testTarget(name: "ReliefAccessibilityTests", dependencies: ["ReliefAccessibility", "ReliefGeometry"]),
        // Random valid requests from the parameter table, and their run through the whole pipeline:
        // for the property test and the render fuzzer.
        .target(name: "ValidRequests", dependencies: ["ReliefSpec", "ReliefRender", "ReliefAudit", "ReliefPNG", "ReliefImageFormats"],
                path: "Tests/ValidRequests"),
        .testTarget(name: "ReliefAuditTests", dependencies: ["ReliefAudit", "ReliefRender", "ReliefScreen", "ReliefSpec", "ValidRequests"]),
        // The event loop over bytes in memory on a clock the test moves, for the server's and the service's tests.
        .target(name: "HTTPServerTestSupport", dependencies: ["ReliefHTTPServer"], path: "Tests/HTTPServerTestSupport"),
        .testTarget(name: "ReliefHTTPServerTests", dependencies: ["ReliefHTTPServer", "ReliefLock", "HTTPServerTestSupport"]),
        .testTarget(name: "ReliefServiceTests", dependencies: ["ReliefService", "ReliefScreen", "ReliefHTTPServer", "ReliefRender", "ReliefAudit", "ReliefSpec", "ReliefPNG", "ReliefImageFormats", "ReliefLock", "HTTPServerTestSupport", "ValidRequests"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz`: one libFuzzer executable per parser, and one for the render pipeline
// (docs/RELIABILITY.md). Declared only when RELIEF_FUZZ is set, since libFuzzer supplies their
// `main`: ordinary builds and `swift test` never see them.
if Context.environment["RELIEF_FUZZ"] != nil {
    let fuzzers: [Target] = [
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .executableTarget(name: "fuzz-request-head", dependencies: ["FuzzDriver", "ReliefHTTPServer"], path: "Fuzz/fuzz-request-head"),
        .executableTarget(name: "fuzz-query", dependencies: ["FuzzDriver", "ReliefSpec"], path: "Fuzz/fuzz-query"),
        .executableTarget(name: "fuzz-percent-decoding", dependencies: ["FuzzDriver", "ReliefSpec"], path: "Fuzz/fuzz-percent-decoding"),
        .executableTarget(name: "fuzz-screen", dependencies: ["FuzzDriver", "ReliefScreen", "ReliefSpec", "ReliefGeometry"], path: "Fuzz/fuzz-screen"),
        .executableTarget(name: "fuzz-render", dependencies: ["FuzzDriver", "ValidRequests"], path: "Fuzz/fuzz-render"),
    ]
    // `swift build` builds every target but the tests: the package is cut down to the fuzzers and
    // what they import, so that one build makes all five, with both cores, and nothing else.
    var used = Set<String>()
    var unseen = fuzzers.map(\.name)
    while let name = unseen.popLast() {
        guard used.insert(name).inserted else { continue }
        let target = (package.targets + fuzzers).first { $0.name == name }
        for dependency in target?.dependencies ?? [] {
            if case .byNameItem(let dependencyName, _) = dependency { unseen.append(dependencyName) }
        }
    }
    package.products = []
    package.targets = (package.targets + fuzzers).filter { used.contains($0.name) }
}
