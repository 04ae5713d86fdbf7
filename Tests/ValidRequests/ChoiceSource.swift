/// Where the choices of ``ValidRequest`` come from: a fuzzer's bytes, or a seeded generator.
public protocol ChoiceSource {
    /// A number in `0..<count`; `count` is at least 1.
    mutating func choose(below count: Int) -> Int
}

extension ChoiceSource {
    /// One of `options`, which is not empty.
    public mutating func pick<Element>(_ options: [Element]) -> Element {
        options[choose(below: options.count)]
    }

    /// True about once in `count` times.
    public mutating func oneIn(_ count: Int) -> Bool {
        choose(below: count) == 0
    }
}

/// The bytes of one fuzzer input, read as choices: one byte for a choice among at most 256, two for
/// more. Once the bytes run out every choice is 0, so a short input is a valid request with few
/// parameters, and libFuzzer's mutations of a byte change one choice.
public struct FuzzedChoices: ChoiceSource {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    public mutating func choose(below count: Int) -> Int {
        var value = 0
        for _ in 0..<(count > 256 ? 2 : 1) {
            value = value << 8 | Int(position < bytes.count ? bytes[position] : 0)
            position += 1
        }
        return value % count
    }
}

/// Choices from SplitMix64 (Steele, Lea and Flood 2014) started at a seed: the same seed gives the
/// same requests on every run and machine.
public struct SeededChoices: ChoiceSource {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func choose(below count: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(count))
    }
}
