// The live stack (pcscd, vpcd, the emulator process) and the reference data (../shared/data,
// NIST's tools, seeded minutiae) are modules of their own so that pbbench can use them too; the
// tests reach them through this module as before.
@_exported import LiveCardStack
@_exported import ReferenceData
@_exported import Spawning
