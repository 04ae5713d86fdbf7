import CCrypto
import Foundation

/// Signed URLs (SPEC §12): a `/render` or `/audit` URL ends with `sig`, the base64url (no padding)
/// HMAC-SHA256 of the path, `?` and the query before `&sig=`, under one of the keys.
///
/// Several keys verify at once, for rotation: add the new key, sign with it, retire the old one once
/// no URL signed with it is in use. HMAC and the comparison are libcrypto's (`CRYPTO_memcmp` takes
/// the same time wherever the bytes differ).
public struct URLSigner: Sendable {
    /// The name of the signature parameter.
    public static let parameterName = "sig"

    /// Why a key file gives no signer.
    public struct KeyFileError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The outcome of checking a request's query.
    enum Verification: Equatable {
        /// The signature matches; the query without `&sig=…` goes on.
        case valid(unsignedQuery: Substring)
        case refused(ServiceMetrics.SignatureRefusal)
    }

    /// The keys, each verifying; ``signed(path:query:)`` uses the first.
    public let keys: [[UInt8]]

    /// A signer with `keys`, which must not be empty.
    public init(keys: [[UInt8]]) {
        precondition(!keys.isEmpty, "a signer needs a key")
        self.keys = keys
    }

    /// The fewest bytes a key may have: 128 bits, more than can be tried against one signed URL.
    public static let minimumKeyBytes = 16
    /// The most a key file may hold, so that a wrong path (`/dev/zero`, a log) fails instead of filling memory.
    public static let maximumKeyFileBytes = 64 << 10

    /// The keys of a key file (``keys(inKeyFile:)``), read as bytes. Throws when the file cannot be
    /// read, is larger than ``maximumKeyFileBytes``, holds no key or a key shorter than ``minimumKeyBytes``.
    /// `relief serve` and `relief sign` both read keys here, so they sign and verify with the same bytes.
    public init(keyFile path: String) throws(KeyFileError) {
        guard let bytes = Self.contents(ofKeyFile: path) else {
            throw KeyFileError(description: "cannot read the key file \(path)")
        }
        guard bytes.count <= Self.maximumKeyFileBytes else {
            throw KeyFileError(
                description: "the key file \(path) is larger than \(Self.maximumKeyFileBytes) bytes: "
                    + "it should hold only keys, one a line")
        }
        let lines = Self.keys(inKeyFile: bytes)
        if let short = lines.first(where: { $0.key.count < Self.minimumKeyBytes }) {
            throw KeyFileError(
                description: "the key on line \(short.lineNumber) of the key file \(path) has \(short.key.count) "
                    + "of the \(Self.minimumKeyBytes) bytes a key needs at least: a shorter one can be guessed from "
                    + "one signed URL (make a key with: head -c 32 /dev/urandom | base64)")
        }
        guard !lines.isEmpty else {
            throw KeyFileError(description: "the key file \(path) holds no key (one key per non-empty line)")
        }
        self.init(keys: lines.map(\.key))
    }

    /// The file's bytes, at most one more than ``maximumKeyFileBytes``; `nil` when it cannot be read.
    /// Read through a handle, not by size, so that a pipe (`/dev/stdin`) works too.
    private static func contents(ofKeyFile path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        var bytes: [UInt8] = []
        do {
            // A pipe may hand over less than asked for: read until its end or one byte past the limit.
            while bytes.count <= maximumKeyFileBytes,
                let chunk = try handle.read(upToCount: maximumKeyFileBytes + 1 - bytes.count), !chunk.isEmpty
            {
                bytes += chunk
            }
        } catch {
            return nil
        }
        return bytes
    }

    /// The keys of a key file's bytes and their line numbers (from 1): one key per line, lines ending
    /// in `\n` only, a `\r` before it dropped, empty lines skipped. Every other byte is the key's as
    /// it stands — spaces, NUL, VT, FF, bytes that are not UTF-8 — so a key never splits or changes.
    static func keys(inKeyFile bytes: [UInt8]) -> [(lineNumber: Int, key: [UInt8])] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let key = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            return key.isEmpty ? nil : (index + 1, Array(key))
        }
    }

    /// The signature of `path?query` under `key`: 43 base64url characters.
    public static func signature(path: some StringProtocol, query: some StringProtocol, key: [UInt8]) -> String {
        Data(hmacSHA256(key: key, message: Array((path + "?" + query).utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// HMAC-SHA256 (RFC 2104, FIPS 180-4) of `message` under `key`: 32 bytes, from libcrypto.
    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        // libcrypto reads no key byte when the length is 0, but wants a pointer all the same.
        let keyBytes = key.isEmpty ? [0] : key
        let succeeded = relief_hmac_sha256(keyBytes, Int32(key.count), message, message.count, &digest)
        precondition(succeeded == 1, "libcrypto's HMAC-SHA256 failed")
        return digest
    }

    /// `path?query&sig=…` signed with the first key (`path?sig=…` for an empty query).
    public func signed(path: String, query: String) -> String {
        let signature = Self.signature(path: path, query: query, key: keys[0])
        return path + "?" + query + (query.isEmpty ? "" : "&") + Self.parameterName + "=" + signature
    }

    /// Checks the raw query of a request for `path`: `sig` must be present once, last, and match
    /// under one of the keys.
    func verify(path: Substring, query: Substring) -> Verification {
        guard let (unsignedQuery, signature) = Self.split(query) else {
            return .refused(Self.hasSignatureParameter(query) ? .misplaced : .missing)
        }
        guard !Self.hasSignatureParameter(unsignedQuery) else { return .refused(.misplaced) }
        let received = Array(signature.utf8)
        for key in keys {
            let expected = Array(Self.signature(path: path, query: unsignedQuery, key: key).utf8)
            if expected.count == received.count, CRYPTO_memcmp(expected, received, expected.count) == 0 {
                return .valid(unsignedQuery: unsignedQuery)
            }
        }
        return .refused(.invalid)
    }

    /// The query before a last `sig=…` parameter and that parameter's value; `nil` when the last
    /// parameter is not `sig`.
    static func split(_ query: Substring) -> (unsignedQuery: Substring, signature: Substring)? {
        // Byte by byte, from the end, in the query's own storage: every /render request is split,
        // signed or not, and for most the bytes after the last `&` tell at once that it is not.
        var contiguous = query
        let found = contiguous.withUTF8 { bytes -> (ampersand: Int?, pairStart: Int)? in
            let ampersand = bytes.lastIndex(of: UInt8(ascii: "&"))
            let pairStart = ampersand.map { $0 + 1 } ?? 0
            return bytes[pairStart...].starts(with: signatureMarker) ? (ampersand, pairStart) : nil
        }
        guard let found else { return nil }
        let bytes = query.utf8
        let lastPairStart = bytes.index(bytes.startIndex, offsetBy: found.pairStart)
        let signature = query[bytes.index(lastPairStart, offsetBy: signatureMarker.count)...]
        return (query[..<(found.ampersand.map { bytes.index(bytes.startIndex, offsetBy: $0) } ?? lastPairStart)], signature)
    }

    /// Whether the last query parameter of `target`, a signed route's (whose path holds neither `?`
    /// nor `&`), starts with `sig=`: when not, ``split(_:)`` of its query finds no signature. Read in
    /// the target's bytes, as most requests carry none, without cutting the query out first.
    static func mayEndInSignature(target: String) -> Bool {
        var target = target
        return target.withUTF8 { bytes in
            let separator = bytes.lastIndex(of: UInt8(ascii: "&")) ?? bytes.firstIndex(of: UInt8(ascii: "?"))
            return separator.map { bytes[($0 + 1)...].starts(with: signatureMarker) } ?? false
        }
    }

    /// `sig=`, as the bytes that start a signature parameter.
    private static let signatureMarker = Array((parameterName + "=").utf8)

    /// Whether some parameter of `query` is named `sig`.
    public static func hasSignatureParameter(_ query: Substring) -> Bool {
        query.split(separator: "&").contains { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first == Substring(parameterName)
        }
    }
}
