import CDRM
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Switching a connector's screen off and on (the connector's legacy `DPMS` property), for
/// screen power's `off`. A separate protocol, so `KMSDevice` fakes need not implement it.
public protocol DisplayPowerControl: AnyObject {
    /// The id of the connector's DPMS property, nil when the driver has none.
    func dpmsProperty(connector: UInt32) -> UInt32?
    /// Sets DPMS on (true) or off (false).
    func setDPMS(connector: UInt32, property: UInt32, on: Bool) throws(DisplayError)
}

extension DRMDevice: DisplayPowerControl {
    public func dpmsProperty(connector: UInt32) -> UInt32? {
        guard let props = drmModeObjectGetProperties(fd, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "DPMS" { return prop.pointee.prop_id }
        }
        return nil
    }

    public func setDPMS(connector: UInt32, property: UInt32, on: Bool) throws(DisplayError) {
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        if drmModeConnectorSetProperty(fd, connector, property, value) != 0 {
            throw DisplayError.call("drmModeConnectorSetProperty(DPMS)", errno: errno, context: path)
        }
    }
}
