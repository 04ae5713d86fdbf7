import Testing

@testable import ReliefScreen

/// Raw DEFLATE of `bytes` as one stored block (RFC 1951 §3.2.4): any bytes, without an encoder.
func storedBlock(_ bytes: [UInt8]) -> [UInt8] {
    let length = UInt16(bytes.count)
    return [0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + bytes
}

func encoded(_ deflated: [UInt8]) -> String {
    Base64URL.encode(deflated[...])
}

@Suite("Screen source transport")
struct ScreenSourceTests {
    @Test func decodesWhatPythonsZlibDeflatedInBase64URLWithoutPadding() throws {
        // zlib.compressobj(9, zlib.DEFLATED, -15) of `Text("Hi")`, base64url, padding stripped.
        #expect(try ScreenSource.decode("C0mtKNFQ8shU0gQA") == "Text(\"Hi\")")
        #expect(try ScreenSource.decode("AwA") == "")
    }

    @Test(arguments: [
        "", "Text(\"Hi\")", "VStack(spacing: 24) {\n    Text(\"Ünïcødé ✓ 🎧\")\n}\n", String(repeating: "x", count: 8192),
    ])
    func encodingRoundTrips(_ text: String) throws {
        let parameter = ScreenSource.encode(text)
        #expect(parameter.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(try ScreenSource.decode(parameter) == text)
    }

    @Test func base64URLMatchesRFC4648sTestVectorsWithoutPadding() throws {
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, text) in vectors {
            #expect(Base64URL.encode(Array(plain.utf8)[...]) == text)
            #expect(try Base64URL.decode(Array(text.utf8)) == Array(plain.utf8))
        }
        // The two characters base64url has instead of + and /.
        #expect(Base64URL.encode([0xFB, 0xFF][...]) == "-_8")
    }

    @Test func exactlyTheLimitInflatesAndOneByteMoreIsRefused() throws {
        let limit = ScreenLimits.sourceBytes
        let atLimit = String(repeating: "a", count: limit)
        #expect(try ScreenSource.decode(encoded(storedBlock(Array(atLimit.utf8)))) == atLimit)
        #expect(throws: ScreenSourceError.sourceTooLarge(limit: limit)) {
            try ScreenSource.decode(encoded(storedBlock(Array(repeating: UInt8(ascii: "a"), count: limit + 1))))
        }
    }

    @Test func aDeflateBombStopsAtTheLimit() throws {
        // A megabyte of one letter deflates to about a kilobyte; inflating it must stop past 8 KiB.
        let bomb = ScreenSource.encode(String(repeating: "a", count: 1 << 20))
        #expect(bomb.utf8.count < ScreenSource.maximumEncodedLength)
        #expect(throws: ScreenSourceError.sourceTooLarge(limit: ScreenLimits.sourceBytes)) { try ScreenSource.decode(bomb) }
    }

    @Test func refusesCharactersOutsideBase64URL() {
        #expect(throws: ScreenSourceError.invalidBase64URL(offset: 3, found: "'='")) { try ScreenSource.decode("AwA=") }
        #expect(throws: ScreenSourceError.invalidBase64URL(offset: 1, found: "'+'")) { try ScreenSource.decode("A+AA") }
        #expect(throws: ScreenSourceError.invalidBase64URL(offset: 0, found: "the byte 0x20")) { try ScreenSource.decode(" AAA") }
        #expect(throws: ScreenSourceError.invalidBase64URL(offset: 0, found: "the byte 0xC3")) { try ScreenSource.decode("é") }
        #expect(throws: ScreenSourceError.invalidBase64URLLength(length: 5)) { try ScreenSource.decode("AAAAA") }
    }

    @Test func refusesWhatIsNotOneCompleteDeflateStream() {
        // Block type 3 is reserved.
        #expect(throws: ScreenSourceError.invalidDeflate(detail: "invalid block type")) {
            try ScreenSource.decode(encoded([0x07]))
        }
        let whole = storedBlock(Array("Text(\"Hi\")".utf8))
        #expect(throws: ScreenSourceError.invalidDeflate(detail: "the stream ends before its last block")) {
            try ScreenSource.decode(encoded(Array(whole.dropLast(3))))
        }
        #expect(throws: ScreenSourceError.invalidDeflate(detail: "bytes follow the end of the stream")) {
            try ScreenSource.decode(encoded(whole + [0x00]))
        }
        #expect(throws: ScreenSourceError.invalidDeflate(detail: "the stream ends before its last block")) {
            try ScreenSource.decode("")
        }
    }

    @Test func refusesInflatedBytesThatAreNotUTF8() {
        #expect(throws: ScreenSourceError.invalidUTF8(byteOffset: 2)) {
            try ScreenSource.decode(encoded(storedBlock([0x61, 0x62, 0xFF, 0x63])))
        }
        // A lone continuation byte after a two-byte scalar.
        #expect(throws: ScreenSourceError.invalidUTF8(byteOffset: 2)) {
            try ScreenSource.decode(encoded(storedBlock([0xC3, 0xA9, 0x80])))
        }
    }

    @Test func refusesAnOverlongParameterBeforeDecodingIt() {
        let length = ScreenSource.maximumEncodedLength + 1
        #expect(throws: ScreenSourceError.encodedTooLong(length: length, limit: ScreenSource.maximumEncodedLength)) {
            try ScreenSource.decode(String(repeating: "A", count: length))
        }
    }

    @Test func errorsSayWhatIsWrongAndWhatIsAllowed() {
        #expect(
            ScreenSourceError.invalidBase64URL(offset: 3, found: "'='").description.contains(
                "without padding allows only A-Z, a-z, 0-9, - and _"))
        #expect(ScreenSourceError.sourceTooLarge(limit: 8192).description.contains("more than 8192 bytes"))
        #expect(ScreenSourceError.invalidUTF8(byteOffset: 2).description.contains("from byte 3"))
    }
}
