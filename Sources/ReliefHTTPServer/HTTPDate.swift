import Glibc

/// Dates as HTTP writes them: RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The IMF-fixdate of `secondsSince1970` (UTC), 29 ASCII bytes.
    static func imfFixdate(secondsSince1970: Int) -> [UInt8] {
        var seconds = time_t(secondsSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = []
        text.reserveCapacity(29)
        text += weekdays[Int(parts.tm_wday)].utf8
        text += ", ".utf8
        appendTwoDigits(Int(parts.tm_mday), to: &text)
        text.append(ASCII.space)
        text += months[Int(parts.tm_mon)].utf8
        text.append(ASCII.space)
        let year = Int(parts.tm_year) + 1900
        appendTwoDigits(year / 100, to: &text)
        appendTwoDigits(year % 100, to: &text)
        text.append(ASCII.space)
        appendTwoDigits(Int(parts.tm_hour), to: &text)
        text.append(ASCII.colon)
        appendTwoDigits(Int(parts.tm_min), to: &text)
        text.append(ASCII.colon)
        appendTwoDigits(Int(parts.tm_sec), to: &text)
        text += " GMT".utf8
        return text
    }

    private static func appendTwoDigits(_ value: Int, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
        text.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
