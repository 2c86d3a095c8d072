import CLinux

/// Returns the heap pages freed since to the system (glibc's `malloc_trim`). Called when a
/// big queue is dropped (a broker connection, an event stream): without it, memory freed
/// after an attack stays resident, and the panel runs at its worst peak for months.
package enum FreedMemory {
    package static func release() { _ = malloc_trim(0) }
}
