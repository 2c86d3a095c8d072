#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Formatting
import Graphics
import PanelLayout
import PanelSystem
import Testing
@testable import ControlWidgets

/// The clock: its format rules, the time zones, when it changes, that it sleeps in between.
@Suite(.serialized) struct ClockTests {
    /// 2026-12-01T07:30:00Z = 20 788 days after 1970-01-01 (56 years, 14 of them leap:
    /// 1972…2024; 56·365 + 14 = 20 454 to 2026-01-01, + 334 days of Jan…Nov), ·86 400 s
    /// = 1 796 083 200, + 7.5 h (27 000 s).
    static let morning = 1_796_110_200.0

    @Test func isoTimesAreSecondsSinceTheEpoch() {
        #expect(ISO8601Time.unixTime("2026-12-01T07:30:00Z") == Self.morning)
        #expect(ISO8601Time.unixTime("2026-12-01T08:30:00+01:00") == Self.morning)
        #expect(ISO8601Time.unixTime("2026-12-01T07:30:00.25Z") == Self.morning + 0.25)
        #expect(ISO8601Time.unixTime("1970-01-01T00:00:00Z") == 0)
        // 2024 is a leap year, 2026 is not.
        #expect(ISO8601Time.unixTime("2024-02-29T00:00:00Z") != nil)
        for bad in ["2026-02-29T00:00:00Z", "2026-12-01T07:30:00", "2026-12-01 07:30", "2026-13-01T00:00:00Z", "2026-12-01T24:00:00Z", "tomorrow"] {
            #expect(ISO8601Time.unixTime(bad) == nil, "\(bad)")
        }
    }

    @Test func formatsAreCheckedBeforeStrftimeSeesThem() throws {
        #expect(try !TimeFormat(parsing: "%H:%M").changesEverySecond)
        #expect(try TimeFormat(parsing: "%H:%M:%S").changesEverySecond)
        #expect(try TimeFormat(parsing: "%T").changesEverySecond)
        #expect(try !TimeFormat(parsing: "%A %-d %B, %_H%%").changesEverySecond)
        #expect(try !TimeFormat(parsing: "%Ey %OH").changesEverySecond)
        for bad in ["", "%", "%H:%", "%Q", "%n%+", "%100H", "%021H"] {
            #expect(throws: TimeFormatError.self, "\(bad)") { try TimeFormat(parsing: bad) }
        }
    }

    func model(_ format: String, zone: String? = "UTC") throws -> ClockModel {
        ClockModel(formatter: ZonedTimeFormatter(format: try TimeFormat(parsing: format), zone: zone))
    }

    /// %H:%M at 07:30:20 shows 07:30 until 07:31:00, 40 s later; seconds change each second;
    /// a weekday changes at midnight (16.5 h after 07:30), found without waking in between.
    @Test func nextChangeIsTheNextDifferentText() throws {
        var m = try model("%H:%M")
        let first = m.update(unixTime: Self.morning + 20)
        #expect(first && m.text == "07:30" && m.changesAt == Int(Self.morning) + 60)
        let early = m.update(unixTime: Self.morning + 59.9)
        #expect(!early)
        let atMinute = m.update(unixTime: Self.morning + 60)
        #expect(atMinute && m.text == "07:31")
        var s = try model("%S")
        _ = s.update(unixTime: Self.morning + 20.5)
        #expect(s.text == "20" && s.changesAt == Int(Self.morning) + 21)
        var day = try model("%A")
        _ = day.update(unixTime: Self.morning)
        #expect(day.text == "Tuesday" && day.changesAt == Int(Self.morning) + 16 * 3600 + 30 * 60)
        // A format with no conversion never changes: looked at again after the horizon.
        var plain = try model("Time")
        _ = plain.update(unixTime: Self.morning)
        #expect(plain.changesAt == Int(Self.morning) + ClockModel.horizon)
        // Floating-point noise just under the minute counts as the minute (no second wake-up).
        let noisy = m.update(unixTime: Self.morning + 120 - 0.0001)
        #expect(noisy && m.text == "07:32")
    }

    /// Berlin is UTC+1 in winter, UTC+2 in summer; the summer-time change on 2026-03-29 at
    /// 01:00 UTC turns 01:59 CET into 03:00 CEST: the change is found at 01:00 UTC. The
    /// caller's TZ is put back afterwards.
    @Test func namedZonesAndSummerTime() throws {
        var m = try model("%H:%M %Z", zone: "Europe/Berlin")
        _ = m.update(unixTime: Self.morning)
        #expect(m.text == "08:30 CET")
        let change = ISO8601Time.unixTime("2026-03-29T01:00:00Z")!
        var hour = try model("%H", zone: "Europe/Berlin")
        _ = hour.update(unixTime: change - 30 * 60)
        #expect(hour.text == "01" && hour.changesAt == Int(change))
        _ = hour.update(unixTime: change)
        #expect(hour.text == "03")
        setenv("TZ", "America/New_York", 1); tzset()
        defer { unsetenv("TZ"); tzset() }
        var system = try model("%H:%M", zone: nil)
        _ = system.update(unixTime: Self.morning)
        #expect(system.text == "02:30")   // EST, UTC−5
        _ = m.update(unixTime: Self.morning + 60)
        #expect(String(cString: getenv("TZ")) == "America/New_York")
        #expect(ZonedTimeFormatter.problem(withZone: "Mars/Olympus_Mons") != nil)
        #expect(ZonedTimeFormatter.problem(withZone: "Asia/Kolkata") == nil)
    }

    func view(_ format: String, wallZero: Double) throws -> ClockView {
        let spec = try PanelLoader(kinds: WidgetCatalog.kinds).parse("""
        {"panel": "C", "size": [200, 100], "pages": [{"id": "p", "widgets": [
        {"id": "c", "type": "clock", "format": "\(format)", "timeZone": "UTC", "frame": [0, 0, 200, 100]}]}]}
        """, file: "c.json").get().pages[0].widgets[0]
        return try ClockDescriptor.make(spec, WidgetBuildContext(theme: Theme(), wallClock: WallClock(unixTimeAtZero: wallZero)))
    }

    /// At 07:30:45 on frame time 0 the view wakes at t = 15 (07:31:00), repaints then and not
    /// before, and next at t = 75.
    @Test func theViewWakesOnlyWhenItsTextChanges() throws {
        let v = try view("%H:%M", wallZero: Self.morning + 45)
        _ = v.advance(to: 0)
        #expect(v.text(at: 0) == "07:30")
        #expect(abs(v.nextChange(after: 0)! - 15) < 1e-6)
        v.needsDisplay = false
        _ = v.advance(to: 14.9)
        #expect(!v.needsDisplay && abs(v.nextChange(after: 14.9)! - 15) < 1e-6)
        // Asking when it changes next (the loop does, every turn) is no repaint by itself.
        _ = v.nextChange(after: 15)
        #expect(!v.needsDisplay)
        _ = v.advance(to: 15)
        #expect(v.needsDisplay && v.text(at: 15) == "07:31")
        #expect(abs(v.nextChange(after: 15)! - 75) < 1e-6)
        #expect(v.snapshot() == WidgetEvent("state", [EventField("text", .string("07:31"))]))
    }

    /// Bold white 07:30 on a transparent 200×100 tile: ink in the middle band, none at the corners.
    @Test func drawsItsText() throws {
        let v = try view("%H:%M", wallZero: Self.morning)
        let s = try ImageSurface(width: 200, height: 100)
        v.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0)
        var inked = 0
        for x in stride(from: 20, to: 180, by: 2) { for y in stride(from: 30, to: 70, by: 2) where s.pixel(x: x, y: y).alpha > 0.5 { inked += 1 } }
        #expect(inked > 50, "\(inked)")
        #expect(s.pixel(x: 2, y: 2).alpha == 0 && s.pixel(x: 197, y: 97).alpha == 0)
    }

    @Test func badFormatsAndZonesAreReportedWithTheirPlace() {
        let text = """
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "c", "type": "clock", "format": "%H:%Q", "frame": [0, 0, 60, 60]},
        {"id": "d", "type": "clock", "timeZone": "../../etc/passwd", "frame": [0, 60, 60, 60]}
        ]}]}
        """
        guard case .failure(let errors) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".") else {
            Issue.record("a bad clock loaded"); return
        }
        let d = errors.diagnostics.map(\.description)
        #expect(d.contains { $0.hasPrefix("t.json:2:40: error:") && $0.contains("'%Q' is not a strftime conversion") }, "\(d)")
        #expect(d.contains { $0.hasPrefix("t.json:3:42: error:") && $0.contains("not a time zone name") }, "\(d)")
    }
}
