import Foundation
import ReliefService

/// `relief sign 'QUERY' [--key-file FILE]`: a URL a `relief serve --signing-key-file` accepts.
enum SignCommand {
    static let usage = """
        usage: relief sign 'QUERY' [--key-file FILE]
          QUERY  a /render query ('style=dark&scale=2') or a path and query ('/audit?style=dark')
          FILE   the key file of relief serve --signing-key-file, read the same way; its first key
                 signs. Without --key-file the keys are read from standard input.
        Prints the signed path and query: /render?style=dark&scale=2&sig=…
        """

    static func run(_ arguments: [String]) {
        let (target, values) = CommandLineTool.arguments(
            arguments, command: "sign", usage: usage,
            valueOptions: ["--key-file": "key-file"])
        let keyFile = values["key-file"]
        guard let target else { CommandLineTool.fail(usage) }
        let (path, query) = split(target)
        guard !URLSigner.hasSignatureParameter(Substring(query)) else {
            CommandLineTool.fail("relief sign: the query already has a sig parameter")
        }
        print(signer(keyFile: keyFile).signed(path: path, query: query))
    }

    /// `/render` and the query, or the path and query of a target starting with `/`.
    private static func split(_ target: String) -> (path: String, query: String) {
        guard target.hasPrefix("/") else {
            return ("/render", target.hasPrefix("?") ? String(target.dropFirst()) : target)
        }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count == 2 ? String(parts[1]) : "")
    }

    /// The signer of the key file, or of the key on standard input.
    private static func signer(keyFile: String?) -> URLSigner {
        do {
            if let keyFile { return try URLSigner(keyFile: keyFile) }
            return try URLSigner(keyFile: "/dev/stdin")
        } catch {
            CommandLineTool.fail("relief sign: \(error)")
        }
    }
}
