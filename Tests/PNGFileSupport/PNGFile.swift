/// Reads and writes the byte layout of PNG files, independently of libpng, so the tests can check
/// what the encoder wrote and feed the decoder files it did not make. Shared by the test targets
/// that read PNG and APNG files.
public enum PNGFile {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// IHDR colour types.
    public static let colourTypeGray: UInt8 = 0
    public static let colourTypeRGB: UInt8 = 2
    public static let colourTypePalette: UInt8 = 3
    public static let colourTypeGrayAlpha: UInt8 = 4
    public static let colourTypeRGBA: UInt8 = 6

    /// The colour type byte of the IHDR chunk, which always comes first.
    public static func colourType(_ png: [UInt8]) -> UInt8 {
        png[8 + 4 + 4 + 8 + 1]
    }

    /// The bit depth byte of the IHDR chunk.
    public static func bitDepth(_ png: [UInt8]) -> UInt8 {
        png[8 + 4 + 4 + 8]
    }

    /// A chunk as stored: its type, data, and whether its CRC matches them.
    public struct Chunk {
        public var type: String
        public var data: [UInt8]
        public var crcMatches: Bool
    }

    /// Every chunk in file order, read without libpng.
    public static func chunks(_ png: [UInt8]) -> [Chunk] {
        var chunks = [Chunk]()
        var offset = signature.count
        while offset + 12 <= png.count {
            let length = Int(uint32(png, at: offset))
            guard offset + 12 + length <= png.count else { break }
            let typeAndData = Array(png[(offset + 4)..<(offset + 8 + length)])
            chunks.append(
                Chunk(
                    type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4)),
                    crcMatches: uint32(png, at: offset + 8 + length) == crc32(typeAndData)))
            offset += 12 + length
        }
        return chunks
    }

    /// The big-endian number at `offset`.
    public static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// A standalone PNG of one picture of an APNG: its header with the picture's size, the palette
    /// chunks, and `zlibStream` (the picture's IDAT or fdAT data joined) as IDAT.
    public static func standalone(from png: [UInt8], width: UInt32, height: UInt32, zlibStream: [UInt8]) -> [UInt8] {
        let all = chunks(png)
        var header = all[0].data
        header.replaceSubrange(0..<8, with: bigEndian(width) + bigEndian(height))
        var file = signature + chunk("IHDR", header)
        for kept in all where kept.type == "PLTE" || kept.type == "tRNS" || kept.type == "sRGB" {
            file += chunk(kept.type, kept.data)
        }
        return file + chunk("IDAT", zlibStream) + chunk("IEND", [])
    }

    /// The chunk types in file order.
    public static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types = [String]()
        var offset = signature.count
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    /// The data of the first chunk of a type.
    public static func chunkData(_ png: [UInt8], type: String) -> [UInt8]? {
        var offset = signature.count
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            if String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self) == type {
                return Array(png[(offset + 8)..<(offset + 8 + length)])
            }
            offset += 12 + length
        }
        return nil
    }

    /// A complete PNG: IHDR, the given chunks, one IDAT holding `scanlines` (each row already
    /// prefixed by its filter byte) in stored zlib blocks, and IEND.
    public static func make(
        width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8,
        chunks: [(type: String, data: [UInt8])] = [], scanlines: [UInt8]
    ) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [bitDepth, colourType, 0, 0, 0]
        var png = signature + chunk("IHDR", header)
        for extra in chunks {
            png += chunk(extra.type, extra.data)
        }
        return png + chunk("IDAT", storedZlib(scanlines)) + chunk("IEND", [])
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// A zlib stream of uncompressed ("stored") deflate blocks.
    private static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            stream += [
                end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
            ]
            stream += data[start..<end]
            start = end
        } while start < data.count
        return stream + bigEndian(adler32(data))
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
