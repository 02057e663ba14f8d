/// Percent-encoding of a value for the URL component it is put in (RFC 3986): every byte of its UTF-8
/// that the component does not allow as data becomes `%XX`. A table of the allowed ASCII bytes,
/// made once, decides each byte, so encoding is one pass and no character set is consulted.
struct PercentEncoding: Sendable {
    private let allowed: [Bool]

    /// An encoding that keeps the unreserved characters (letters, digits, `-._~`) and `extra`.
    private init(keeping extra: String) {
        var allowed = [Bool](repeating: false, count: 128)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8 { allowed[Int(byte)] = true }
        for byte in extra.utf8 { allowed[Int(byte)] = true }
        self.allowed = allowed
    }

    /// One path segment: a `/`, `?` or `#` in the value is data, not structure.
    static let pathSegment = PercentEncoding(keeping: "!$&'()*,;=:@")
    /// One query name or value: `&`, `=`, `+` and `#` are encoded, which would end or change it.
    static let queryValue = PercentEncoding(keeping: "!$'()*,;:@/?")
    /// A fragment.
    static let fragment = PercentEncoding(keeping: "!$&'()*+,;=:@/?")

    /// `value` encoded.
    func encode(_ value: String) -> String {
        let utf8 = value.utf8
        guard utf8.contains(where: { $0 >= 0x80 || !allowed[Int($0)] }) else { return value }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if byte < 0x80 && allowed[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
