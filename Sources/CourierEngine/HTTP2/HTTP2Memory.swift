#if COURIER_HTTP2
import CNGHTTP2
import Glibc

/// The memory nghttp2 works in for one loop's sessions: small blocks kept on free lists by size
/// and handed out again, so that a request's stream, its queued frame and its fields, and the
/// decoded fields of its answer (eleven blocks a request, measured with DHAT) reuse blocks
/// instead of calling `malloc` each time. Larger blocks, and blocks past what a list keeps, go to
/// the system's allocator.
///
/// Only the loop's thread uses it (nghttp2 allocates only inside the session's calls), so it needs
/// no lock. Each session holds it, so it outlives them.
final class HTTP2Memory {
    /// Block sizes kept, payload bytes; a request's blocks are below 512 bytes except the field
    /// list of a large request.
    private static let sizes = [32, 64, 128, 256, 512]
    /// The most free blocks a list keeps: enough for a few hundred streams in flight.
    private static let kept = 4096
    /// Every block starts with its size class and the size asked for, keeping the payload 16-byte aligned.
    private static let headerBytes = 16
    private static let unpooled: UInt32 = .max

    private var freeLists: [UnsafeMutableRawPointer?]
    private var freeCounts: [Int]

    init() {
        freeLists = Array(repeating: nil, count: Self.sizes.count)
        freeCounts = Array(repeating: 0, count: Self.sizes.count)
    }

    deinit {
        for index in freeLists.indices {
            var block = freeLists[index]
            while let current = block {
                block = current.load(as: UnsafeMutableRawPointer?.self)
                Glibc.free(current - Self.headerBytes)
            }
        }
    }

    /// What a session is given to allocate with: this pool, unretained (the session's owner
    /// retains it).
    var allocator: nghttp2_mem {
        nghttp2_mem(
            mem_user_data: Unmanaged.passUnretained(self).toOpaque(),
            malloc: { size, user in HTTP2Memory.pool(user).allocate(size) },
            free: { pointer, user in HTTP2Memory.pool(user).release(pointer) },
            calloc: { count, size, user in
                let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
                guard !overflow, let block = HTTP2Memory.pool(user).allocate(bytes) else { return nil }
                block.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
                return block
            },
            realloc: { pointer, size, user in HTTP2Memory.pool(user).reallocate(pointer, to: size) })
    }

    private static func pool(_ user: UnsafeMutableRawPointer?) -> HTTP2Memory {
        // nghttp2 passes back the user data it was given, which is never nil.
        Unmanaged<HTTP2Memory>.fromOpaque(user.unsafelyUnwrapped).takeUnretainedValue()
    }

    private func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let sizeClass = Self.sizes.firstIndex { size <= $0 }
        if let sizeClass, let block = freeLists[sizeClass] {
            freeLists[sizeClass] = block.load(as: UnsafeMutableRawPointer?.self)
            freeCounts[sizeClass] -= 1
            (block - Self.headerBytes).storeBytes(of: UInt64(size), toByteOffset: 8, as: UInt64.self)
            return block
        }
        let capacity = sizeClass.map { Self.sizes[$0] } ?? size
        guard let base = malloc(Self.headerBytes + capacity) else { return nil }
        base.storeBytes(of: sizeClass.map(UInt32.init) ?? Self.unpooled, as: UInt32.self)
        base.storeBytes(of: UInt64(size), toByteOffset: 8, as: UInt64.self)
        return base + Self.headerBytes
    }

    private func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let base = pointer - Self.headerBytes
        let sizeClass = base.load(as: UInt32.self)
        guard sizeClass != Self.unpooled, freeCounts[Int(sizeClass)] < Self.kept else {
            Glibc.free(base)
            return
        }
        pointer.storeBytes(of: freeLists[Int(sizeClass)], as: UnsafeMutableRawPointer?.self)
        freeLists[Int(sizeClass)] = pointer
        freeCounts[Int(sizeClass)] += 1
    }

    private func reallocate(_ pointer: UnsafeMutableRawPointer?, to size: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size) }
        let base = pointer - Self.headerBytes
        let sizeClass = base.load(as: UInt32.self)
        if sizeClass != Self.unpooled, size <= Self.sizes[Int(sizeClass)] {
            base.storeBytes(of: UInt64(size), toByteOffset: 8, as: UInt64.self)
            return pointer
        }
        guard let moved = allocate(size) else { return nil }
        let old = Int(base.load(fromByteOffset: 8, as: UInt64.self))
        moved.copyMemory(from: pointer, byteCount: min(old, size))
        release(pointer)
        return moved
    }
}
#endif
