import Foundation
import ReliefScreen
import ReliefService
import ReliefSpec

/// What every subcommand of `relief` shares: how it fails and how it reads a query.
enum CommandLineTool {
    /// Writes one line to standard error and exits with `status`: 2 for a refused query or a usage
    /// error (as a `400`), 1 for a failure on a valid request (as a `500`). A standard error nobody
    /// reads delays the exit by a second at most.
    static func fail(_ message: String, status: Int32 = 2) -> Never {
        ConsoleLog.standardError.write(message)
        ConsoleLog.standardError.flush(within: .seconds(1))
        exit(status)
    }

    /// Runs `body`, the work of `relief command`, and fails as the route would answer what it throws: a
    /// refused query or layout (as a `400`) with its words and status 2, anything else with status 1.
    static func running(_ command: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch let refusal as ScreenRequestError {
            fail("relief \(command): \(refusal.problem.detail)")
        } catch let refusal as SpecError {
            // Refused by the parser, or by a label that grows the image too far.
            fail("relief \(command): \(refusal)")
        } catch {
            fail("relief \(command): \(error)", status: 1)
        }
    }

    /// The format the extension of the file `output` names; nil for standard output (`-`) or an
    /// extension of no format.
    static func format(namedBy output: String) -> RenderSpec.Format? {
        output == "-" ? nil : RenderSpec.Format(fileExtension: URL(fileURLWithPath: output).pathExtension)
    }

    /// Writes `bytes` to the file `output`, or to standard output for `-`.
    static func write(_ bytes: [UInt8], to output: String) throws {
        if output == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else {
            try Data(bytes).write(to: URL(fileURLWithPath: output))
        }
    }

    /// The arguments of a subcommand that takes one operand and options that each take a value,
    /// named in `valueOptions` (each spelling to its name: `["-o": "output", "--output": "output"]`).
    /// `-h` and `--help` print `usage` and exit 0; a second operand, an unknown option (with the one it
    /// most likely meant) or a missing value exits with status 2, naming it.
    static func arguments(
        _ arguments: [String], command: String, usage: String,
        valueOptions: [String: String]
    ) -> (operand: String?, values: [String: String]) {
        var operand: String?
        var values: [String: String] = [:]
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if let name = valueOptions[argument] {
                guard let value = rest.popFirst() else { fail("relief \(command): \(argument) needs a value\n\(usage)") }
                values[name] = value
            } else if argument == "-h" || argument == "--help" {
                print(usage)
                exit(0)
            } else if argument.hasPrefix("-") && argument != "-" {
                let options = valueOptions.keys.sorted() + ["-h", "--help"]
                fail("relief \(command): \(unknownOption(argument, among: options))\n\(usage)")
            } else {
                guard operand == nil else { fail("relief \(command): unexpected argument '\(argument)'\n\(usage)") }
                operand = argument
            }
        }
        return (operand, values)
    }

    /// `unknown option '--ouput'`, then `; did you mean `--output`?` when one of `options` is near,
    /// compared without their leading dashes (``NameSuggestion``).
    static func unknownOption(_ written: String, among options: [String]) -> String {
        let bare = { (option: String) in String(option.drop { $0 == "-" }) }
        let meant = NameSuggestion.nearest(to: bare(written), among: options.map(bare)).flatMap { meant in
            options.first { bare($0) == meant }
        }
        return "unknown option '\(written)'" + NameSuggestion.sentence(meant)
    }

    /// The long options a usage text documents: the first word of each of its lines that starts with `--`.
    static func documentedOptions(in usage: String) -> [String] {
        usage.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.first.flatMap { $0.hasPrefix("--") ? String($0) : nil }
        }
    }

    /// The UTF-8 text of the layout in `file` (`-`: standard input); a file that cannot be read exits
    /// with status 1, one that is not UTF-8 with status 2, naming `command`.
    static func layoutText(of file: String, command: String) -> String {
        let data: Data
        do {
            data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            fail("relief \(command): cannot read \(file): \(error.localizedDescription)", status: 1)
        }
        guard let text = String(data: data, encoding: .utf8) else { fail("relief \(command): \(file) is not UTF-8 text") }
        return text
    }

    /// The screen of layout `text` with `query`, what `/screen` takes beside `source` (a leading `?`
    /// allowed), as `/screen?source=…` reads it. `format` is the format where the query names none.
    static func screen(
        text: String, query: String, format: RenderSpec.Format? = nil
    ) throws(ScreenRequestError) -> ScreenRequest {
        let rest = query.hasPrefix("?") ? String(query.dropFirst()) : query
        return try ScreenRequest.parse(
            query: QuerySettings.query([(ScreenRequest.sourceName, ScreenSource.encode(text))])
                + (rest.isEmpty ? "" : "&" + rest),
            format: format)
    }

    /// The spec of a query as `/render` takes it; a leading `?` is allowed, as copied from a URL.
    /// `format` is the format where the query names none.
    static func spec(of query: String, format: RenderSpec.Format? = nil) throws(SpecError) -> RenderSpec {
        try RenderSpec.parse(query: query.hasPrefix("?") ? String(query.dropFirst()) : query, format: format)
    }
}
