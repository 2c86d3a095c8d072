import Graphics

/// Where two frames differ, as a few tight rectangles rather than one box around everything:
/// a knob turning also changes its value label elsewhere, and one box around both would send
/// mostly unchanged pixels. The box of all changes is cut along the widest band of unchanged
/// rows or columns (at least `minGap` pixels) inside it, each part tightened and cut again,
/// up to `maxDepth` times (at most 2^maxDepth rectangles).
package enum ChangedRegions {
    package typealias Box = (x: Int, y: Int, w: Int, h: Int)
    package static let minGap = 16
    package static let maxDepth = 3

    package static func boxes(_ a: ImageSurface, _ b: ImageSurface) -> [Box] {
        a.withPixelBytes { pa, sa in
            b.withPixelBytes { pb, sb in
                let px = Pixels(a: UnsafeRawPointer(pa), sa: sa, b: UnsafeRawPointer(pb), sb: sb)
                guard let all = px.tight(in: (0, 0, a.width, a.height)) else { return [] }
                return px.split(all, depth: 0)
            }
        }
    }

    private struct Pixels {
        let a: UnsafeRawPointer, sa: Int, b: UnsafeRawPointer, sb: Int

        func rowA(_ y: Int) -> UnsafePointer<UInt32> { (a + y * sa).assumingMemoryBound(to: UInt32.self) }
        func rowB(_ y: Int) -> UnsafePointer<UInt32> { (b + y * sb).assumingMemoryBound(to: UInt32.self) }

        /// The smallest box inside `box` holding every differing pixel of it.
        func tight(in box: Box) -> Box? {
            var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
            for y in box.y..<(box.y + box.h) {
                let ra = rowA(y), rb = rowB(y)
                var l = box.x
                let end = box.x + box.w
                while l < end && ra[l] == rb[l] { l += 1 }
                if l == end { continue }
                var r = end - 1
                while ra[r] == rb[r] { r -= 1 }
                minX = Swift.min(minX, l); maxX = Swift.max(maxX, r)
                minY = Swift.min(minY, y); maxY = y
            }
            return maxY < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
        }

        func split(_ box: Box, depth: Int) -> [Box] {
            guard depth < ChangedRegions.maxDepth, box.w > ChangedRegions.minGap * 2 || box.h > ChangedRegions.minGap * 2 else { return [box] }
            var rowChanged = [Bool](repeating: false, count: box.h)
            var colChanged = [Bool](repeating: false, count: box.w)
            for dy in 0..<box.h {
                let ra = rowA(box.y + dy), rb = rowB(box.y + dy)
                for dx in 0..<box.w where ra[box.x + dx] != rb[box.x + dx] {
                    rowChanged[dy] = true
                    colChanged[dx] = true
                }
            }
            let rows = Self.widestGap(rowChanged), cols = Self.widestGap(colChanged)
            var parts: [Box] = []
            if let r = rows, r.length >= (cols?.length ?? 0), r.length >= ChangedRegions.minGap {
                parts = [(box.x, box.y, box.w, r.start), (box.x, box.y + r.start + r.length, box.w, box.h - r.start - r.length)]
            } else if let c = cols, c.length >= ChangedRegions.minGap {
                parts = [(box.x, box.y, c.start, box.h), (box.x + c.start + c.length, box.y, box.w - c.start - c.length, box.h)]
            } else {
                return [box]
            }
            return parts.compactMap { tight(in: $0) }.flatMap { split($0, depth: depth + 1) }
        }

        /// The longest run of `false` strictly inside (a tight box starts and ends changed).
        static func widestGap(_ changed: [Bool]) -> (start: Int, length: Int)? {
            var best: (Int, Int)?
            var i = 0
            while i < changed.count {
                if changed[i] { i += 1; continue }
                let s = i
                while i < changed.count && !changed[i] { i += 1 }
                if s > 0 && i < changed.count && (best == nil || i - s > best!.1) { best = (s, i - s) }
            }
            return best
        }
    }
}
