import USB

/// A transport whose replies a test scripts: it keeps every write and answers every read with
/// `answer(endpoint, length, writes so far)`. Throwing from `answer` fails the read.
final class ScriptedTransport: USBTransport {
    private(set) var writes: [[UInt8]] = []
    private(set) var reads = 0
    private let answer: (UInt8, Int, [[UInt8]]) throws -> [UInt8]

    init(answer: @escaping (UInt8, Int, [[UInt8]]) throws -> [UInt8]) {
        self.answer = answer
    }

    func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        writes.append(data)
    }

    func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        reads += 1
        return try answer(endpoint | 0x80, length, writes)
    }

    func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        throw USBError.notSupported
    }
}

/// A transport that passes everything to another until `failAfter` transfers, then throws.
final class FailingTransport: USBTransport {
    private let inner: any USBTransport
    private let failAfter: Int
    private let error: any Error
    private(set) var transfers = 0

    init(_ inner: any USBTransport, failAfter: Int, with error: any Error) {
        self.inner = inner
        self.failAfter = failAfter
        self.error = error
    }

    private func step() throws {
        guard transfers < failAfter else { throw error }
        transfers += 1
    }

    func write(_ data: [UInt8], to endpoint: UInt8, type: USBTransferType, timeout: Duration) throws {
        try step()
        try inner.write(data, to: endpoint, type: type, timeout: timeout)
    }

    func read(_ length: Int, from endpoint: UInt8, type: USBTransferType, timeout: Duration) throws -> [UInt8] {
        try step()
        return try inner.read(length, from: endpoint, type: type, timeout: timeout)
    }

    func control(_ setup: USBControlSetup, data: [UInt8], readLength: Int, timeout: Duration) throws -> [UInt8] {
        try step()
        return try inner.control(setup, data: data, readLength: readLength, timeout: timeout)
    }
}
