package org.gpumem.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gpumem.sim.ProjectBundles.Module;
import org.junit.jupiter.api.Test;

/**
 * No bundle's packages depend on each other in a circle: within each bundle, package A depends
 * on package B when a source file of A names B in an import or spelled out in code (comments and
 * string literals aside), and that graph has no cycle. A failure lists each cycle's packages and,
 * for each of its edges, the files that make it.
 */
class PackageCycleTest {

    @Test
    void noBundleHasAPackageCycle() {
        List<String> cycles = new ArrayList<>();
        int edges = 0;
        for (Module b : ProjectBundles.bundles()) {
            // package -> package it names -> the files that name it
            Map<String, Map<String, List<String>>> graph = new TreeMap<>();
            for (Map.Entry<String, List<Path>> p : b.packages().entrySet()) {
                Map<String, List<String>> out = graph.computeIfAbsent(p.getKey(), k -> new TreeMap<>());
                for (Path f : p.getValue()) {
                    for (String named : ProjectBundles.namedPackages(ProjectBundles.code(f))) {
                        if (!named.equals(p.getKey()) && b.packages().containsKey(named)) {
                            out.computeIfAbsent(named, k -> new ArrayList<>()).add(f.getFileName().toString());
                        }
                    }
                }
                edges += out.size();
            }
            for (List<String> cycle : stronglyConnected(graph)) {
                StringBuilder s = new StringBuilder(b.name() + ": " + cycle + "\n");
                for (String from : cycle) {
                    graph.get(from).forEach((to, files) -> {
                        if (cycle.contains(to)) {
                            s.append("  ").append(from).append(" -> ").append(to).append(": ").append(files).append('\n');
                        }
                    });
                }
                cycles.add(s.toString());
            }
        }
        assertTrue(edges > 50, "found " + edges + " dependencies between packages");
        assertTrue(cycles.isEmpty(), "package cycles:\n" + String.join("", cycles));
    }

    /** The components of more than one package (Tarjan's algorithm), each a cycle or several. */
    private static List<List<String>> stronglyConnected(Map<String, Map<String, List<String>>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<List<String>> components = new ArrayList<>();
        for (String v : graph.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, components);
            }
        }
        return components;
    }

    private static void connect(String v, Map<String, Map<String, List<String>>> graph, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, List<List<String>> components) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : graph.get(v).keySet()) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, components);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                component.sort(null);
                components.add(component);
            }
        }
    }
}
