/// The one shape of every reply, on every transport:
/// `{"request_id":7,"ok":true,"data":{…}}` or `{"request_id":7,"ok":false,"error":"…"}`.
/// `request_id` appears only when the request had one. Events never look like this (they
/// carry `event`, never `ok`), so a client can tell them apart by one key.
public enum Reply {
    public static func ok(_ requestID: String?, data: JSONLineWriter = JSONLineWriter()) -> String {
        var w = JSONLineWriter()
        if let requestID { w.addRaw("request_id", requestID) }
        w.add("ok", true)
        w.addRaw("data", data.line)
        return w.line
    }

    public static func failure(_ requestID: String?, _ message: String) -> String {
        var w = JSONLineWriter()
        if let requestID { w.addRaw("request_id", requestID) }
        w.add("ok", false)
        w.add("error", message)
        return w.line
    }

    /// A failure listing several errors (a reload's `file:line:col` diagnostics).
    public static func failure(_ requestID: String?, _ message: String, errors: [String]) -> String {
        var w = JSONLineWriter()
        if let requestID { w.addRaw("request_id", requestID) }
        w.add("ok", false)
        w.add("error", message)
        w.addRaw("errors", "[" + errors.map(JSONLineWriter.quote).joined(separator: ",") + "]")
        return w.line
    }
}
