import FuzzDriver

runFuzzer { data, size in fuzzRender(data ?? UnsafePointer(bitPattern: 1)!, size) }
