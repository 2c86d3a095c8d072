import ControlWidgets

/// The one shape of every reply, on every transport:
/// `{"request_id":7,"ok":true,"data":{…}}` or `{"request_id":7,"ok":false,"error":"…"}`.
/// `request_id` appears only when the request had one. Events never look like this (they
/// carry `event`, never `ok`), so a client can tell them apart by one key.
///
/// A reply stays a value until its client sends it: a text client encodes it (`line`),
/// MQTT reads `isOK` and `error` without parsing anything.
public struct Reply: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case ok(data: JSONLineWriter)
        /// `errors`: several diagnostics (a reload's `file:line:col` lines), when there are.
        case failure(message: String, errors: [String]?)
    }

    /// The request's `request_id` as JSON text, echoed; nil when it had none.
    public var requestID: String?
    public var outcome: Outcome

    public init(requestID: String?, _ outcome: Outcome) { self.requestID = requestID; self.outcome = outcome }

    public static func ok(_ requestID: String?, data: JSONLineWriter = JSONLineWriter()) -> Reply {
        Reply(requestID: requestID, .ok(data: data))
    }

    public static func failure(_ requestID: String?, _ message: String) -> Reply {
        Reply(requestID: requestID, .failure(message: message, errors: nil))
    }

    /// A failure listing several errors (a reload's `file:line:col` diagnostics).
    public static func failure(_ requestID: String?, _ message: String, errors: [String]) -> Reply {
        Reply(requestID: requestID, .failure(message: message, errors: errors))
    }

    public var isOK: Bool { if case .ok = outcome { return true }; return false }

    /// The failure's message; nil for a success.
    public var error: String? { if case .failure(let message, _) = outcome { return message }; return nil }

    /// The one encoding of a reply, used by every client that sends text.
    public var line: String {
        var w = JSONLineWriter()
        if let requestID { w.addRaw("request_id", requestID) }
        switch outcome {
        case .ok(let data):
            w.add("ok", true)
            w.addRaw("data", data.line)
        case .failure(let message, let errors):
            w.add("ok", false)
            w.add("error", message)
            if let errors { w.add("errors", EventValue.strings(errors)) }
        }
        return w.line
    }
}
