/// How a query writes a list (`segments=Day,Week,Month`): items separated by commas, a comma inside
/// an item written `\,` and a backslash `\\`, so that any item a layout's array holds
/// (`["Yes, please", "No"]`) has one spelling in the query and reads back as written.
public enum ListText {
    /// The items of `text`: split at each comma not after a backslash, `\,` read as a comma and `\\`
    /// as a backslash. A backslash before any other character, or at the end, is itself.
    public static func items(_ text: some StringProtocol) -> [String] {
        var items: [String] = []
        var item = ""
        var escaping = false
        for character in text {
            if escaping {
                if character != "," && character != "\\" { item.append("\\") }
                item.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                items.append(item)
                item = ""
            } else {
                item.append(character)
            }
        }
        if escaping { item.append("\\") }
        items.append(item)
        return items
    }

    /// `items` as one text that ``items(_:)`` reads back: each comma and backslash escaped.
    public static func joined(_ items: [String]) -> String {
        items.map { item in
            var escaped = ""
            for character in item {
                if character == "," || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }.joined(separator: ",")
    }
}
