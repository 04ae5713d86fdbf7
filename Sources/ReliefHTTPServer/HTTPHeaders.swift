/// The header fields of a response, in order, held in blocks that are each checked and written out
/// as bytes once, when the block is made.
///
/// A handler that answers the same headers again and again (a cached file's type, tag and
/// timing) keeps their blocks and hands the same ones to every response: the server then copies
/// their bytes instead of checking and writing every field anew. Fields given any other way (an
/// array literal, ``append(_:)``) make blocks of their own; either way every field is checked
/// before it reaches the wire (see ``HTTPResponse``).
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByArrayLiteral {
    /// One field: its name and value.
    public typealias Field = (name: String, value: String)

    /// The blocks, in order.
    public private(set) var blocks: [HTTPHeaderBlock]

    /// No fields.
    public init() {
        blocks = []
    }

    /// `fields`, as one block.
    public init(_ fields: [Field]) {
        blocks = fields.isEmpty ? [] : [HTTPHeaderBlock(fields)]
    }

    public init(arrayLiteral fields: Field...) {
        self.init(fields)
    }

    /// The fields of `blocks`, in order.
    public init(blocks: [HTTPHeaderBlock]) {
        self.blocks = blocks
    }

    /// Adds `field` after the others.
    public mutating func append(_ field: Field) {
        blocks.append(HTTPHeaderBlock([field]))
    }

    /// Adds the fields of `block` after the others.
    public mutating func append(_ block: HTTPHeaderBlock) {
        blocks.append(block)
    }

    /// These fields, then those of `block`, in storage of their own with room for a few more
    /// blocks: a response made from shared headers gains the rest on its way out without another copy.
    public func appending(_ block: HTTPHeaderBlock) -> HTTPHeaders {
        var more: [HTTPHeaderBlock] = []
        more.reserveCapacity(blocks.count + 4)
        more.append(contentsOf: blocks)
        more.append(block)
        return HTTPHeaders(blocks: more)
    }

    /// The fields of `lhs`, then those of `rhs`.
    public static func + (lhs: HTTPHeaders, rhs: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(blocks: lhs.blocks + rhs.blocks)
    }

    /// The value of the first field named `name`, compared case-insensitively (ASCII letters).
    public subscript(name: String) -> String? {
        first { ASCII.equalsIgnoringCase($0.name.utf8, name.utf8) }?.value
    }

    /// Every field, in order.
    public func makeIterator() -> FlattenSequence<[[Field]]>.Iterator {
        blocks.map(\.fields).joined().makeIterator()
    }
}

/// Header fields checked and written out as bytes once: what the server sends of them, or why it
/// cannot send them.
public final class HTTPHeaderBlock: Sendable {
    /// The fields, as given.
    public let fields: [HTTPHeaders.Field]
    /// Why the fields cannot be sent as they are (a name that is not a token, a value with CR, LF
    /// or NUL, which could split the response), or nil.
    let problem: String?
    /// Whether a field asks for the connection to close (`Connection: close`).
    let asksToClose: Bool
    /// `Name: value\r\n` for each field but those the server writes itself (``ResponseEncoder``).
    let encoded: [UInt8]

    /// `fields`, checked and written out now.
    public init(_ fields: [HTTPHeaders.Field]) {
        self.fields = fields
        var problem: String?
        var asksToClose = false
        var encoded: [UInt8] = []
        for (name, value) in fields {
            guard !name.isEmpty, ASCII.allBytes(of: name, satisfy: ASCII.isTokenByte) else {
                problem = "header name \"\(LogText.escaped(name))\" is not a token"
                break
            }
            // CR or LF would end the header early and let the value write headers or a body of its
            // own; NUL is cut short by some clients. None of them is ever written.
            guard ASCII.allBytes(of: value, satisfy: { $0 != ASCII.carriageReturn && $0 != ASCII.lineFeed && $0 != 0 }) else {
                problem = "header \(name) has a value containing CR, LF or NUL"
                break
            }
            if name.utf8.count == 10, ASCII.equalsIgnoringCase(name.utf8, "connection"),
                value.utf8.split(separator: ASCII.comma).contains(where: {
                    ASCII.equalsIgnoringCase($0.filter { $0 != ASCII.space && $0 != ASCII.tab }, "close")
                })
            {
                asksToClose = true
            }
            guard !ResponseEncoder.isServerHeader(name) else { continue }
            ASCII.append(name, to: &encoded)
            ASCII.append(": ", to: &encoded)
            ASCII.append(value, to: &encoded)
            ASCII.append("\r\n", to: &encoded)
        }
        self.problem = problem
        self.asksToClose = asksToClose
        self.encoded = problem == nil ? encoded : []
    }
}

extension HTTPHeaderBlock: Hashable {
    /// Blocks of the same fields, name and value, in the same order, are equal.
    public static func == (left: HTTPHeaderBlock, right: HTTPHeaderBlock) -> Bool {
        left.fields.count == right.fields.count && zip(left.fields, right.fields).allSatisfy { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for (name, value) in fields {
            hasher.combine(name)
            hasher.combine(value)
        }
    }
}
