/// Standard base64 (RFC 4648, with padding): frames travel inside Server-Sent Events, which
/// carry text only.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func append(_ data: [UInt8], to out: inout [UInt8]) {
        out.reserveCapacity(out.count + (data.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= data.count {
            let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2])
            out.append(alphabet[Int(v >> 18 & 63)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(alphabet[Int(v >> 6 & 63)]); out.append(alphabet[Int(v & 63)])
            i += 3
        }
        let rest = data.count - i
        if rest > 0 {
            let v = UInt32(data[i]) << 16 | (rest == 2 ? UInt32(data[i + 1]) << 8 : 0)
            out.append(alphabet[Int(v >> 18 & 63)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "=")); out.append(UInt8(ascii: "="))
        }
    }

    package static func encode(_ data: [UInt8]) -> String {
        var out: [UInt8] = []
        append(data, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
