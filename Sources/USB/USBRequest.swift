/// One transfer of a group a driver submits together (``USBTransport/overlapped(_:timeout:)``).
public enum USBRequest: Sendable, Hashable {
    /// Sends bytes to an OUT endpoint.
    case write([UInt8], endpoint: UInt8, type: USBTransferType)
    /// Reads up to `length` bytes from an IN endpoint.
    case read(length: Int, endpoint: UInt8, type: USBTransferType)
}

extension USBTransport {
    /// Runs the requests one after the other, in order: what a transport without concurrent
    /// transfers (a recording player) does, and the order their completions were recorded in.
    public func overlapped(_ requests: [USBRequest], timeout: Duration) throws -> [[UInt8]?] {
        try requests.map { request in
            switch request {
            case .write(let data, let endpoint, let type):
                try write(data, to: endpoint, type: type, timeout: timeout)
                return nil
            case .read(let length, let endpoint, let type):
                return try read(length, from: endpoint, type: type, timeout: timeout)
            }
        }
    }
}
