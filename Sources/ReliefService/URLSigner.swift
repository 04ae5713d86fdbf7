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

    /// The keys of a key file: each non-empty line (without its line break and surrounding spaces)
    /// is a key. Throws when the file cannot be read or holds none.
    public init(keyFile path: String) throws(KeyFileError) {
        // Read through a handle, not by size, so that a pipe (`/dev/stdin`) works too.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
            throw KeyFileError(description: "cannot read the key file \(path)")
        }
        let keys = Self.keys(inKeyFile: String(decoding: data, as: UTF8.self))
        guard !keys.isEmpty else {
            throw KeyFileError(description: "the key file \(path) holds no key (one key per non-empty line)")
        }
        self.init(keys: keys)
    }

    /// Each non-empty line of `text`, trimmed of spaces, tabs and carriage returns.
    static func keys(inKeyFile text: String) -> [[UInt8]] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .map { Array($0.utf8) }
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
        // Byte by byte: every /render request is split, signed or not.
        let bytes = query.utf8
        let ampersand = bytes.lastIndex(of: UInt8(ascii: "&"))
        let lastPairStart = ampersand.map(bytes.index(after:)) ?? bytes.startIndex
        let marker = (parameterName + "=").utf8
        guard bytes[lastPairStart...].starts(with: marker) else { return nil }
        let signature = query[bytes.index(lastPairStart, offsetBy: marker.count)...]
        return (query[..<(ampersand ?? lastPairStart)], signature)
    }

    /// Whether some parameter of `query` is named `sig`.
    public static func hasSignatureParameter(_ query: Substring) -> Bool {
        query.split(separator: "&").contains { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first == Substring(parameterName)
        }
    }
}
