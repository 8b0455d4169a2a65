/// Named entries on pbtool's IDStore cards (see `IDStoreDirectory`).
extension IDStore {
    /// The directory in container 0; empty when the container is.
    public func directory() throws -> IDStoreDirectory {
        try transport.exclusively {
            let info = try info(IDStoreDirectory.container)
            guard info.storedCount > 0 else { return IDStoreDirectory() }
            return try IDStoreDirectory(bytes: try read(IDStoreDirectory.container))
        }
    }

    /// Every container but the directory: its name (nil for data pbtool did not name), access
    /// rule and size, in container order. Reading needs no verification.
    public func entries() throws -> [IDStoreEntry] {
        try transport.exclusively {
            let properties = try properties()
            let directory = try directory()
            return try (0..<properties.containerCount).filter { $0 != IDStoreDirectory.container }.compactMap { container in
                let info = try info(container)
                let name = directory.name(of: container)
                guard name != nil || info.storedCount > 0 else { return nil }
                return IDStoreEntry(name: name, container: container, access: info.access, size: info.storedCount)
            }
        }
    }

    /// The bytes stored under `name`.
    /// - Throws: `IDStoreError.noSuchEntry`, `.accessDenied` when its read condition is not met.
    public func read(named name: String) throws -> [UInt8] {
        try transport.exclusively {
            guard let container = try directory().container(named: name) else { throw IDStoreError.noSuchEntry(name) }
            do {
                return try read(container)
            } catch IDStoreError.accessDenied(_, let needs) {
                throw IDStoreError.accessDenied(what: "\"\(name)\"", needs: needs)
            }
        }
    }

    /// Stores `data` under `name` with `access` (write: admin), replacing an entry of that name.
    ///
    /// Needs the admin key verified. The old bytes are erased before the new rule is set, and the
    /// directory is written last, so an interruption leaves at worst an unnamed container that the
    /// next `store` reuses.
    /// - Throws: `IDStoreError` (`.invalidName`, `.emptyData`, `.tooLarge`, `.full`, `.accessDenied`).
    @discardableResult
    public func store(_ data: [UInt8], named name: String, access: IDStoreAccess) throws -> IDStoreEntry {
        try transport.exclusively {
            try IDStoreDirectory.validate(name)
            guard !data.isEmpty else { throw IDStoreError.emptyData }
            let properties = try properties()
            guard data.count <= properties.capacity else { throw IDStoreError.tooLarge(count: data.count, capacity: properties.capacity) }
            var directory = try directory()
            let existing = directory.container(named: name)
            let free = (0..<properties.containerCount).first { container in
                container != IDStoreDirectory.container && directory.name(of: container) == nil
            }
            guard let container = existing ?? free else { throw IDStoreError.full(containers: properties.containerCount - 1) }
            // The new name must fit the directory before any data moves, or the data would be
            // left in a container no name points to.
            if existing == nil {
                directory.set(name, container: container)
                guard directory.bytes.count <= properties.capacity else {
                    throw IDStoreError.directoryFull(bytes: directory.bytes.count, capacity: properties.capacity)
                }
            }
            try reset(container)
            try setAccess(container, access)
            try write(container, data)
            if existing == nil { try saveDirectory(directory) }
            return IDStoreEntry(name: name, container: container, access: access, size: data.count)
        }
    }

    /// Erases the entry `name` and drops it from the directory (admin key verified).
    public func remove(named name: String) throws {
        try transport.exclusively {
            var directory = try directory()
            guard let container = directory.container(named: name) else { throw IDStoreError.noSuchEntry(name) }
            try reset(container)
            directory.remove(name)
            try saveDirectory(directory)
        }
    }

    private func saveDirectory(_ directory: IDStoreDirectory) throws {
        let bytes = directory.bytes
        let properties = try properties()
        guard bytes.count <= properties.capacity else { throw IDStoreError.tooLarge(count: bytes.count, capacity: properties.capacity) }
        if try info(IDStoreDirectory.container).access != .directory {
            try setAccess(IDStoreDirectory.container, .directory)
        }
        if bytes.isEmpty {
            try reset(IDStoreDirectory.container)
        } else {
            try write(IDStoreDirectory.container, bytes)
        }
    }
}

/// One IDStore container as `idstore list` shows it.
public struct IDStoreEntry: Hashable, Sendable {
    /// pbtool's name for it; nil for data written without a name.
    public var name: String?
    /// The container number (P1).
    public var container: Int
    /// Who may read and write it.
    public var access: IDStoreAccess
    /// Bytes stored.
    public var size: Int
}
