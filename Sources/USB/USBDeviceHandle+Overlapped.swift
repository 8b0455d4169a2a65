internal import CLibUSB

extension USBDeviceHandle {
    /// Submits the requests as asynchronous libusb transfers, all at once in order, and handles
    /// events until every one has completed; at the timeout the pending ones are cancelled.
    ///
    /// Wraps `libusb_alloc_transfer`, `libusb_submit_transfer` and
    /// `libusb_handle_events_timeout_completed`. The first failed transfer's error is thrown
    /// once all have finished.
    public func overlapped(_ requests: [USBRequest], timeout: Duration) throws -> [[UInt8]?] {
        let transfers = try requests.map { try AsyncTransfer(request: $0, handle: pointer, timeout: timeout) }
        defer { transfers.forEach { $0.free() } }
        var submitted: [AsyncTransfer] = []
        for transfer in transfers {
            let rc = libusb_submit_transfer(transfer.pointer)
            guard rc == 0 else {
                submitted.forEach { libusb_cancel_transfer($0.pointer) }
                wait(for: submitted)
                throw USBError(code: rc, operation: "libusb_submit_transfer")
            }
            submitted.append(transfer)
        }
        wait(for: submitted)
        return try transfers.map { try $0.result() }
    }

    /// Handles libusb events until every transfer's callback has run.
    private func wait(for transfers: [AsyncTransfer]) {
        var slice = timeval(tv_sec: 0, tv_usec: 100_000)
        while transfers.contains(where: { !$0.isDone }) {
            libusb_handle_events_timeout_completed(device.context.pointer, &slice, nil)
        }
    }
}

/// One libusb transfer with its own buffer and a completion flag its callback sets.
private final class AsyncTransfer {
    let pointer: UnsafeMutablePointer<libusb_transfer>
    private let buffer: UnsafeMutablePointer<UInt8>
    private let flag: UnsafeMutablePointer<Int32>
    private let isInput: Bool

    init(request: USBRequest, handle: OpaquePointer, timeout: Duration) throws {
        guard let transfer = libusb_alloc_transfer(0) else { throw USBError.noMemory.during("libusb_alloc_transfer") }
        let (endpoint, type, bytes, length): (UInt8, USBTransferType, [UInt8], Int) = switch request {
        case .write(let data, let endpoint, let type): (endpoint & 0x7f, type, data, data.count)
        case .read(let length, let endpoint, let type): (endpoint | 0x80, type, [], length)
        }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, length))
        storage.initialize(repeating: 0, count: max(1, length))
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { storage.update(from: base, count: bytes.count) }
        }
        let done = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        done.initialize(to: 0)
        pointer = transfer
        isInput = endpoint & 0x80 != 0
        buffer = storage
        flag = done
        transfer.pointee.dev_handle = handle
        transfer.pointee.endpoint = endpoint
        transfer.pointee.type = UInt8(type == .interrupt ? LIBUSB_TRANSFER_TYPE_INTERRUPT.rawValue : LIBUSB_TRANSFER_TYPE_BULK.rawValue)
        transfer.pointee.timeout = timeout.libusbMilliseconds
        transfer.pointee.buffer = buffer
        transfer.pointee.length = Int32(length)
        transfer.pointee.user_data = UnsafeMutableRawPointer(flag)
        transfer.pointee.callback = { transfer in
            transfer?.pointee.user_data.assumingMemoryBound(to: Int32.self).pointee = 1
        }
    }

    var isDone: Bool { flag.pointee != 0 }

    /// The bytes read (nil for a write), or the transfer's failure as a ``USBError``.
    func result() throws -> [UInt8]? {
        let status = pointer.pointee.status
        let operation = isInput ? "libusb_submit_transfer (IN)" : "libusb_submit_transfer (OUT)"
        switch status {
        case LIBUSB_TRANSFER_COMPLETED:
            return isInput ? Array(UnsafeBufferPointer(start: buffer, count: Int(pointer.pointee.actual_length))) : nil
        case LIBUSB_TRANSFER_TIMED_OUT, LIBUSB_TRANSFER_CANCELLED: throw USBError.timeout.during(operation)
        case LIBUSB_TRANSFER_NO_DEVICE: throw USBError.noDevice.during(operation)
        case LIBUSB_TRANSFER_STALL: throw USBError.pipe.during(operation)
        case LIBUSB_TRANSFER_OVERFLOW: throw USBError.overflow.during(operation)
        default: throw USBError.io.during(operation)
        }
    }

    func free() {
        libusb_free_transfer(pointer)
        buffer.deallocate()
        flag.deallocate()
    }
}
