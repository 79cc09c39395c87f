//! Memory: the process's (available, peak, freed memory handed back) and that of whole tables:
//! large zeroed byte arrays backed by transparent huge pages where the OS offers them, and
//! prefetching. The generator and the verifier touch table slots at random: with
//! 4 KiB pages nearly every such access also misses the TLB.

#![allow(unsafe_code)]

/// A zeroed vector of `len` bytes whose pages the kernel is asked to back with huge pages.
pub(crate) fn zeroed(len: usize) -> Vec<u8> {
    let bytes = vec![0u8; len];
    advise_huge(&bytes);
    bytes
}

/// Asks for huge pages for the whole pages inside `bytes` (a hint: errors are ignored, and the
/// memory behaves the same either way).
#[cfg(target_os = "linux")]
pub(crate) fn advise_huge(bytes: &[u8]) {
    const HUGE: usize = 2 << 20;
    if bytes.len() < 2 * HUGE {
        return;
    }
    let start = bytes.as_ptr() as usize;
    let aligned = start.next_multiple_of(HUGE);
    let end = (start + bytes.len()) & !(HUGE - 1);
    if end > aligned {
        // SAFETY: the range lies inside the allocation of `bytes`; MADV_HUGEPAGE changes only how
        // the kernel backs the pages, never their contents.
        unsafe {
            libc::madvise(aligned as *mut libc::c_void, end - aligned, libc::MADV_HUGEPAGE);
        }
    }
}

/// Huge pages are only requested on Linux.
#[cfg(not(target_os = "linux"))]
pub(crate) fn advise_huge(_bytes: &[u8]) {}

/// Hints the processor to bring `item` into the cache: table accesses land all over large arrays,
/// and asking early lets their cache misses overlap. No effect on memory contents.
#[inline]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching only affects caches; the reference is valid.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(item as *const T as *const i8)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Hands memory freed so far back to the system: a table's compressed blocks are many small
/// allocations spread over the worker threads' heaps, which would otherwise stay resident and add
/// to the next, larger table (the peak memory of a run grew to twice its largest table without it).
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free heap memory to the kernel; no pointer is invalidated.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Makes every allocation of 128 KiB or more a memory map of its own, handed back to the system
/// when freed. glibc otherwise raises that threshold (up to 32 MiB) each time a mapped block is
/// freed, and the arrays of one table's phases then come from the heap and stay resident through
/// the next table's (a run of the 51 sets peaked 7 % over the largest table's own peak).
pub fn map_large_allocations() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes how later allocations are served; no pointer is invalidated.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
    }
}

/// Memory available to this process (`MemAvailable` from /proc/meminfo), in bytes; `None` where
/// the system does not say.
pub fn available_memory() -> Option<u64> {
    proc_kib("/proc/meminfo", "MemAvailable:")
}

/// Peak resident memory of this process (`VmHWM` from /proc/self/status), in bytes.
pub fn peak_memory() -> Option<u64> {
    proc_kib("/proc/self/status", "VmHWM:")
}

/// The value in KiB of the line starting with `key` in a /proc file, in bytes.
fn proc_kib(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
